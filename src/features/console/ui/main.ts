// The console's page: a router over the location hash and one function per page. Every value
// from the server reaches the page through dom.ts (textContent only).
import {
	ConsoleApiError,
	SignedOut,
	createConsoleApi,
	eventsHash,
	formatTime,
	formatUntil,
	codePoints,
	parseRoute,
	tokenOfHash,
	usersHash,
	utcInputSeconds,
	type ConsoleEvent,
	type EventFilter,
	type Features,
	type Route,
	type UserDetails,
	type UserQuery,
} from "./api.ts";
import { byId, h, replaceChildren } from "./dom.ts";

const api = createConsoleApi((input, init) => fetch(input, init));
const main = byId<HTMLElement>("main");
const statusLine = byId<HTMLElement>("status");
/** Null while signed out. */
let features: Features | null = null;
/** What to say once the page a change led to is shown (the hash change clears the status line). */
let sayAfterRoute = "";

function say(message: string): void {
	statusLine.textContent = message;
}

/** Goes to `hash`, and says `message` once there. */
function goTo(hash: string, message: string): void {
	sayAfterRoute = message;
	location.hash = hash;
}

function setTitle(title: string): HTMLElement {
	document.title = `${title} · Holm console`;
	return h("h1", {}, title);
}

function showChrome(visible: boolean): void {
	byId("nav").hidden = !visible;
	byId("sign-out").hidden = !visible;
	byId("nav-events").hidden = features?.events !== true;
}

function markNav(route: Route): void {
	const current = route.page === "user" ? "users" : route.page;
	for (const link of byId("nav").querySelectorAll("a")) {
		const page = link.getAttribute("href") === "#/" ? "overview" : (link.getAttribute("href") ?? "").slice(2);
		if (page === current) link.setAttribute("aria-current", "page");
		else link.removeAttribute("aria-current");
	}
}

function showSignIn(reason: string): void {
	features = null;
	showChrome(false);
	replaceChildren(
		main,
		h(
			"section",
			{ class: "sign-in" },
			setTitle("Sign in"),
			reason === "" ? null : h("p", { class: "bad", role: "alert" }, reason),
			h("p", {}, "Sign in with a one-time link. On the machine that runs Holm, run:"),
			h("pre", { class: "mono" }, "holm console-link"),
			h("p", { class: "muted" }, "and open the link it prints. A link works once, for 10 minutes; a session ends after 30 minutes idle or 12 hours in all."),
		),
	);
}

/** Runs a page's work; a session that ran out sends the page back to sign-in. */
async function guarded(work: () => Promise<void>): Promise<void> {
	try {
		await work();
	} catch (error) {
		if (error instanceof SignedOut) {
			showSignIn("Your session has ended. Open a new link to sign in again.");
			return;
		}
		const code = error instanceof ConsoleApiError ? error.code : "UNKNOWN_ERROR";
		say(`That did not work (${code}).`);
	}
}

// ---------------------------------------------------------------- confirmation

interface Confirmation {
	title: string;
	text: string;
	action: string;
	/** The text to type out (an email or id), for the actions that cannot be undone by anyone. */
	typed?: { label: string; accepts: (value: string) => boolean };
}

/** A modal dialog; resolves with what was typed (or "") when confirmed, null when cancelled. */
function confirmAction(confirmation: Confirmation): Promise<string | null> {
	const dialog = byId<HTMLDialogElement>("confirm");
	const input = byId<HTMLInputElement>("confirm-input");
	const ok = byId<HTMLButtonElement>("confirm-ok");
	byId("confirm-title").textContent = confirmation.title;
	byId("confirm-text").textContent = confirmation.text;
	byId("confirm-typed").hidden = confirmation.typed === undefined;
	byId("confirm-label").textContent = confirmation.typed?.label ?? "";
	input.value = "";
	ok.textContent = confirmation.action;
	ok.disabled = confirmation.typed !== undefined;
	input.oninput = () => {
		ok.disabled = confirmation.typed !== undefined && !confirmation.typed.accepts(input.value);
	};
	return new Promise((resolve) => {
		let confirmed = false;
		byId("confirm-form").onsubmit = (event) => {
			if (ok.disabled) {
				event.preventDefault();
				return;
			}
			confirmed = true;
		};
		byId("confirm-cancel").onclick = () => dialog.close();
		dialog.onclose = () => resolve(confirmed ? input.value : null);
		dialog.showModal();
		(confirmation.typed !== undefined ? input : byId("confirm-cancel")).focus();
	});
}

// ---------------------------------------------------------------- pages

function card(label: string, value: string): HTMLElement {
	return h("div", { class: "card" }, h("span", { class: "value" }, value), h("span", { class: "label" }, label));
}

async function overviewPage(): Promise<void> {
	const overview = await api.overview();
	const events = overview.events_24h;
	replaceChildren(
		main,
		setTitle("Overview"),
		h(
			"div",
			{ class: "cards" },
			card("users", overview.users.toLocaleString("en")),
			overview.sessions === undefined ? null : card("live sessions", overview.sessions.toLocaleString("en")),
			card("hashing now (running / waiting)", `${overview.hashing.running} / ${overview.hashing.waiting}`),
			card("version", overview.version),
			card("database", overview.database === "postgres" ? "PostgreSQL" : "SQLite"),
		),
		events === undefined ? null : h("h2", {}, "Events of the last 24 hours"),
		events === undefined
			? null
			: Object.keys(events).length === 0
				? h("p", { class: "muted" }, "None.")
				: h(
						"table",
						{},
						h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Type"), h("th", { scope: "col" }, "Count"))),
						h(
							"tbody",
							{},
							...Object.entries(events).map(([type, n]) => h("tr", {}, h("td", {}, h("a", { href: `#/events?type=${encodeURIComponent(type)}&hours=24` }, type)), h("td", {}, String(n)))),
						),
					),
	);
}

function select(id: string, label: string, value: string, options: [string, string][]): HTMLElement {
	return h(
		"label",
		{ for: id },
		label,
		h("select", { id, name: id }, ...options.map(([v, text]) => h("option", { value: v, selected: v === value }, text))),
	);
}

async function usersPage(query: UserQuery): Promise<void> {
	const page = await api.users(query);
	const form = h(
		"form",
		{ class: "search", role: "search" },
		h("label", { for: "q" }, "Search users", h("input", { id: "q", name: "q", type: "search", value: query.q, autocomplete: "off", spellcheck: "false" })),
		select("by", "Match", query.by, [
			["auto", "Id, email or part of one"],
			["email", "Exact email"],
			["email_part", "Part of an email"],
			["id", "User id"],
			["password_leaked", "Password found leaked (all such users)"],
		]),
		select("sort_by", "Sort by", query.sort_by, [
			["created_at", "Created"],
			["id", "Id"],
		]),
		select("sort_order", "Order", query.sort_order, [
			["descending", "Newest first / Z–A"],
			["ascending", "Oldest first / A–Z"],
		]),
		h("button", { type: "submit" }, "Search"),
	);
	form.addEventListener("submit", (event) => {
		event.preventDefault();
		const data = new FormData(form as HTMLFormElement);
		location.hash = usersHash({
			q: String(data.get("q") ?? ""),
			by: String(data.get("by")) as UserQuery["by"],
			sort_by: String(data.get("sort_by")) as UserQuery["sort_by"],
			sort_order: String(data.get("sort_order")) as UserQuery["sort_order"],
			page: 1,
		});
	});
	const rows = page.users.map((user) =>
		h(
			"tr",
			{},
			h("td", {}, h("a", { href: `#/users/${encodeURIComponent(user.id)}` }, user.email ?? "(no email)")),
			h("td", { class: "mono" }, user.id),
			h("td", {}, formatTime(user.created_at)),
			h("td", {}, user.email_verified ? "yes" : "no"),
			h("td", {}, user.totp_registered ? "yes" : "no"),
			h("td", {}, String(user.passkeys)),
			h("td", {}, user.blocked ? h("strong", {}, "blocked") : "no"),
			h("td", {}, user.disabled ? h("strong", {}, "disabled") : "no"),
		),
	);
	const pages = Math.max(1, page.pages);
	replaceChildren(
		main,
		setTitle("Users"),
		form,
		h("p", { class: "muted", id: "users-count" }, `${page.total.toLocaleString("en")} user${page.total === 1 ? "" : "s"} found.`),
		page.users.length === 0
			? null
			: h(
					"table",
					{ "aria-describedby": "users-count" },
					h(
						"thead",
						{},
						h("tr", {}, ...["Email", "Id", "Created", "Email verified", "TOTP", "Passkeys", "Blocked", "Disabled"].map((name) => h("th", { scope: "col" }, name))),
					),
					h("tbody", {}, ...rows),
				),
		h(
			"nav",
			{ class: "pager", "aria-label": "Pages" },
			query.page > 1 ? h("a", { href: usersHash({ ...query, page: query.page - 1 }) }, "Previous page") : null,
			h("span", {}, `Page ${query.page} of ${pages}`),
			query.page < pages ? h("a", { href: usersHash({ ...query, page: query.page + 1 }) }, "Next page") : null,
		),
		createUserSection(),
	);
}

/** Creating a user (issue 41): an email, and a password or none (the user then signs in by email
 *  code, or sets one through a reset). The password is sent once and never shown. */
function createUserSection(): HTMLElement {
	const email = h("input", { id: "new-email", name: "email", type: "email", required: true, autocomplete: "off", spellcheck: "false" }) as HTMLInputElement;
	const password = h("input", { id: "new-password", name: "password", type: "password", autocomplete: "new-password", "aria-describedby": "new-password-help" }) as HTMLInputElement;
	const form = h(
		"form",
		{ class: "search", "aria-labelledby": "h-create" },
		h("label", { for: "new-email" }, "Email", email),
		h("label", { for: "new-password" }, "Password (optional)", password),
		h("button", { type: "submit" }, "Create user"),
	);
	form.addEventListener("submit", (event) => {
		event.preventDefault();
		void guarded(async () => {
			const id = await api.createUser({ email: email.value.trim(), password: password.value === "" ? null : password.value });
			goTo(`#/users/${encodeURIComponent(id)}`, "User created.");
		});
	});
	return h(
		"section",
		{ "aria-labelledby": "h-create" },
		h("h2", { id: "h-create" }, "Create a user"),
		form,
		h(
			"p",
			{ class: "muted", id: "new-password-help" },
			"A password has 8 to 127 characters and is not a leaked one; it is never shown again. Without one, the user signs in by email code, or sets one through a password reset.",
		),
	);
}

function fields(pairs: [string, string | Node][]): HTMLElement {
	return h("dl", { class: "fields" }, ...pairs.flatMap(([name, value]) => [h("dt", {}, name), h("dd", {}, value)]));
}

function table(caption: string, head: string[], rows: (string | Node)[][]): HTMLElement {
	return h(
		"table",
		{},
		h("caption", { class: "muted", style: undefined }, caption),
		h("thead", {}, h("tr", {}, ...head.map((name) => h("th", { scope: "col" }, name)))),
		h("tbody", {}, ...rows.map((row) => h("tr", {}, ...row.map((cell) => h("td", {}, cell))))),
	);
}

function button(label: string, onclick: () => void, danger = false): HTMLElement {
	return h("button", { type: "button", class: danger ? "danger" : undefined, onclick: () => onclick() }, label);
}

/** A short visible label in a table row, with a name that says which row it acts on. */
function labelledButton(label: string, name: string, onclick: () => void, danger = false): HTMLElement {
	return h("button", { type: "button", class: danger ? "danger" : undefined, "aria-label": name, onclick: () => onclick() }, label);
}

/** Runs a confirmed action, says what happened, and shows the page again. */
async function act(confirmation: Confirmation, work: (typed: string) => Promise<void>, done: string, then: () => void): Promise<void> {
	const typed = await confirmAction(confirmation);
	if (typed === null) return;
	await guarded(async () => {
		await work(typed);
		say(done);
		then();
	});
}

function userSections(details: UserDetails): HTMLElement[] {
	const { user, totp, requests, blocks } = details;
	const now = details.now;
	const reload = () => void route();
	const who = user.email ?? user.id;
	const sections: HTMLElement[] = [disableSection(details, who, reload)];

	sections.push(
		h(
			"section",
			{ "aria-labelledby": "h-2fa" },
			h("h2", { id: "h-2fa" }, "Second factors"),
			h("p", {}, totp === null ? "No TOTP credential." : `TOTP registered ${formatTime(totp.created_at)}.`),
			totp === null
				? null
				: h(
						"div",
						{ class: "actions" },
						button("Remove TOTP", () =>
							void act(
								{ title: "Remove TOTP?", text: `${who} will sign in without a TOTP code until they register a new one.`, action: "Remove TOTP" },
								() => api.removeTotp(user.id),
								"TOTP removed.",
								reload,
							),
						),
					),
			details.passkeys === undefined
				? null
				: details.passkeys.length === 0
					? h("p", {}, "No passkeys.")
					: table(
							"Passkeys",
							["Name", "Created", "Last used", "Synced", "Action"],
							details.passkeys.map((passkey) => [
								passkey.name,
								formatTime(passkey.created_at),
								formatTime(passkey.last_used_at),
								passkey.backed_up ? "yes" : "no",
								labelledButton("Delete", `Delete the passkey “${passkey.name}” created ${formatTime(passkey.created_at)}`, () =>
									void act(
										{ title: "Delete this passkey?", text: `The passkey "${passkey.name}" of ${who} will no longer sign in.`, action: "Delete passkey" },
										() => api.deletePasskey(passkey.id),
										"Passkey deleted.",
										reload,
									),
								true),
							]),
						),
			details.identities === undefined
				? null
				: details.identities.length === 0
					? h("p", {}, "No identities at identity providers.")
					: table(
							"Identities at identity providers",
							["Provider", "Subject", "Email", "Linked", "Last sign-in", "Action"],
							details.identities.map((identity) => [
								identity.provider,
								identity.subject,
								identity.email === null ? "—" : `${identity.email}${identity.email_verified ? " (verified)" : ""}`,
								formatTime(identity.created_at),
								formatTime(identity.last_sign_in_at),
								labelledButton("Unlink", `Unlink the ${identity.provider} identity ${identity.subject}`, () =>
									void act(
										{
											title: "Unlink this identity?",
											text: `${who} will no longer sign in with ${identity.provider} (${identity.subject}), and every session of theirs ends.`,
											action: "Unlink identity",
										},
										() => api.deleteIdentity(identity.id),
										"Identity unlinked.",
										reload,
									),
								true),
							]),
						),
		),
	);

	if (details.sessions !== undefined) {
		const sessions = details.sessions;
		sections.push(
			h(
				"section",
				{ "aria-labelledby": "h-sessions" },
				h("h2", { id: "h-sessions" }, "Sessions"),
				sessions.length === 0
					? h("p", {}, "Not signed in anywhere.")
					: table(
							"Where the user is signed in, most recently used first",
							["Device", "Address", "Last used", "Second factor", "Action"],
							sessions.map((session) => [
								// The raw user agent on hovering, for whoever needs the details.
								h("span", { title: session.user_agent ?? undefined }, session.device ?? "unknown device"),
								session.client_ip ?? "unknown",
								formatTime(session.last_used_at),
								session.second_factor_verified_at === null ? "no" : formatTime(session.second_factor_verified_at),
								button(`End session on ${session.device ?? "unknown device"}`, () =>
									void act(
										{ title: "End this session?", text: `${who} will be signed out on this device.`, action: "End session" },
										() => api.endSession(user.id, session.id),
										"Session ended.",
										reload,
									),
								true),
							]),
						),
				sessions.length === 0
					? null
					: h(
							"div",
							{ class: "actions" },
							button("End all sessions", () =>
								void act(
									{ title: "End every session?", text: `${who} will be signed out everywhere.`, action: "End all sessions" },
									() => api.endSessions(user.id),
									"Every session ended.",
									reload,
								),
							true),
						),
			),
		);
	}

	const pending: (string | Node)[][] = [
		...requests.password_reset.map((r) => ["Password reset", formatTime(r.created_at), formatUntil(r.expires_at, now), r.email_verified ? "code verified" : ""]),
		...requests.email_verification.map((r) => ["Email verification", formatTime(r.created_at), formatUntil(r.expires_at, now), ""]),
		...requests.email_update.map((r) => ["Email update", formatTime(r.created_at), formatUntil(r.expires_at, now), `to ${r.email}`]),
	];
	sections.push(
		h(
			"section",
			{ "aria-labelledby": "h-requests" },
			h("h2", { id: "h-requests" }, "Pending requests"),
			pending.length === 0 ? h("p", {}, "None.") : table("Requests that have not expired", ["Kind", "Created", "Expires", "Details"], pending),
			pending.length === 0
				? null
				: h(
						"div",
						{ class: "actions" },
						button("Delete pending requests", () =>
							void act(
								{ title: "Delete every pending request?", text: `The codes ${who} was sent will no longer work.`, action: "Delete requests" },
								() => api.deleteRequests(user.id),
								"Pending requests deleted.",
								reload,
							),
						),
					),
		),
	);

	const locks = blocks.second_factor.filter((lock) => lock.locked_until !== null || lock.failed_attempts > 0);
	const blocked = blocks.password_until !== null || blocks.second_factor.some((lock) => lock.locked_until !== null);
	sections.push(
		h(
			"section",
			{ "aria-labelledby": "h-blocks" },
			h("h2", { id: "h-blocks" }, "Blocks and locks"),
			h(
				"p",
				{},
				blocks.password_until === null ? "Password sign-in is not blocked." : `Password sign-in is blocked until ${formatTime(blocks.password_until)} (${formatUntil(blocks.password_until, now)}).`,
			),
			locks.length === 0
				? h("p", {}, "No second-factor check is locked.")
				: table(
						"Second-factor checks",
						["Check", "Locked until", "Incorrect codes toward the next lock", "Locks in a row"],
						locks.map((lock) => [
							lock.check === "totp" ? "TOTP" : "Recovery code",
							lock.locked_until === null ? "not locked" : formatTime(lock.locked_until),
							// A lock starts the count again: right after one, "0" would read as "no wrong codes".
							lock.locked_until !== null && lock.failed_attempts === 0 ? "none since the lock" : String(lock.failed_attempts),
							String(lock.lock_count),
						]),
					),
			details.events === undefined || !blocked
				? null
				: h(
						"div",
						{ class: "actions" },
						button("Unblock user", () =>
							void act(
								{ title: "Unblock this user?", text: `Ends the password block and second-factor locks of ${who}.`, action: "Unblock" },
								() => api.unblock(user.id),
								"User unblocked.",
								reload,
							),
						),
					),
		),
	);

	if (details.events !== undefined) {
		sections.push(
			h(
				"section",
				{ "aria-labelledby": "h-events" },
				h("h2", { id: "h-events" }, "Recent events"),
				details.events.length === 0 ? h("p", {}, "None kept.") : eventTable(details.events),
				h("p", {}, h("a", { href: `#/events?user_id=${encodeURIComponent(user.id)}` }, "All events of this user")),
			),
		);
	}

	sections.push(
		h(
			"section",
			{ "aria-labelledby": "h-delete" },
			h("h2", { id: "h-delete" }, "Delete"),
			h("p", {}, "Deletes the user and everything they own. This cannot be undone."),
			button(
				"Delete user",
				() =>
					void act(
						{
							title: "Delete this user?",
							text: `${who} and everything they own will be deleted for good.`,
							action: "Delete user",
							typed: {
								label: user.email === null ? "Type the user's id to confirm" : "Type the user's email or id to confirm",
								accepts: (value) => value.trim() === user.id || (user.email !== null && value.trim().toLowerCase() === user.email),
							},
						},
						(typed) => api.deleteUser(user.id, typed),
						"User deleted.",
						() => goTo("#/users", "User deleted."),
					),
				true,
			),
		),
	);
	return sections;
}

/** "until enabled", or "until 2026-11-28 09:30:00 UTC (in 6 d 23 h)". */
function disabledUntil(until: number | null, now: number): string {
	return until === null ? "until enabled" : `until ${formatTime(until)} (${formatUntil(until, now)})`;
}

/** Disabling (with a reason and an optional end, in UTC as every time here) and enabling, each
 *  confirmed; while disabled, why and until when. */
function disableSection(details: UserDetails, who: string, reload: () => void): HTMLElement {
	const { user, now } = details;
	const reason = h("input", { id: "disable-reason", name: "reason", autocomplete: "off", "aria-describedby": "disable-help" }) as HTMLInputElement;
	const until = h("input", { id: "disable-until", name: "until", type: "datetime-local", "aria-describedby": "disable-help" }) as HTMLInputElement;
	const form = h(
		"form",
		{ class: "search", "aria-label": user.disabled ? "Change the disable" : "Disable the user" },
		h("label", { for: "disable-reason" }, "Reason (optional)", reason),
		h("label", { for: "disable-until" }, "Ends at, UTC (optional)", until),
		h("button", { type: "submit", class: "danger" }, user.disabled ? "Change reason and end" : "Disable user"),
	);
	form.addEventListener("submit", (event) => {
		event.preventDefault();
		const text = reason.value.trim();
		const end = until.value === "" ? null : utcInputSeconds(until.value);
		if (codePoints(text) > 200) return say("The reason is longer than 200 characters.");
		if (until.value !== "" && (end === null || end <= now)) return say("The end must be a time in the future (UTC).");
		void act(
			{
				title: user.disabled ? "Change this disable?" : "Disable this user?",
				text: `${who} will be signed out everywhere and cannot sign in ${disabledUntil(end, now)}.`,
				action: user.disabled ? "Change disable" : "Disable user",
			},
			() => api.disable(user.id, { reason: text === "" ? null : text, until: end }),
			"User disabled.",
			reload,
		);
	});
	return h(
		"section",
		{ "aria-labelledby": "h-disable" },
		h("h2", { id: "h-disable" }, user.disabled ? "Disabled" : "Disable"),
		user.disabled
			? h(
					"p",
					{ class: "bad" },
					`Disabled ${disabledUntil(user.disabled_until, now)}. Every way in answers USER_DISABLED once its credential is right, and no session can be created.`,
				)
			: h("p", {}, "Stops the account without deleting it: its sessions end, and it cannot sign in until enabled or until the end you set."),
		user.disabled ? h("p", {}, user.disabled_reason === null ? "No reason given." : `Reason: ${user.disabled_reason}`) : null,
		user.disabled
			? h(
					"div",
					{ class: "actions" },
					button("Enable user", () =>
						void act(
							{ title: "Enable this user?", text: `${who} can sign in again. The sessions that ended do not come back.`, action: "Enable user" },
							() => api.enable(user.id),
							"User enabled.",
							reload,
						),
					),
				)
			: null,
		form,
		h("p", { class: "muted", id: "disable-help" }, "The reason is for operators (at most 200 characters). Leave the end empty to disable until enabled."),
	);
}

async function userPage(id: string): Promise<void> {
	const details = await api.user(id);
	if (details === null) {
		replaceChildren(
			main,
			setTitle("No such user"),
			h("p", {}, "There is no user with this id; they may have been deleted."),
			features?.events === true ? h("p", {}, h("a", { href: eventsHash({ type: "", user_id: id, hours: null, before: "" }) }, "Events of this user id")) : null,
			h("a", { href: "#/users" }, "Back to the users"),
		);
		return;
	}
	const { user } = details;
	replaceChildren(
		main,
		setTitle(user.email ?? user.id),
		fields([
			["Id", h("span", { class: "mono" }, user.id)],
			["Email", user.email ?? "(none)"],
			["Email verified", user.email_verified ? "yes" : "no"],
			["Password found leaked", user.password_leaked ? "yes: the user should change it" : "no"],
			["Disabled", user.disabled ? `yes, ${disabledUntil(user.disabled_until, details.now)}` : "no"],
			["Created", formatTime(user.created_at)],
		]),
		...userSections(details),
	);
}

/** The user of an event: their email where the feed knows it, else the id; a deleted user's id
 *  leads to their remaining events, since their page is gone. */
function userCell(event: ConsoleEvent): string | Node {
	if (event.user_id === null) return "";
	if (event.user_exists === false) {
		return h("a", { href: eventsHash({ type: "", user_id: event.user_id, hours: null, before: "" }), class: "mono", title: "Deleted user: their events" }, `${event.user_id} (deleted)`);
	}
	const label = event.user_email ?? event.user_id;
	return h("a", { href: `#/users/${encodeURIComponent(event.user_id)}`, class: event.user_email ? undefined : "mono" }, label);
}

function eventTable(events: ConsoleEvent[]): HTMLElement {
	return table(
		"Events, newest first",
		["Time", "Type", "User", "Address", "Details"],
		events.map((event) => [
			formatTime(event.time),
			event.type,
			userCell(event),
			event.client_ip ?? "",
			Object.entries(event.data)
				.map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
				.join(", "),
		]),
	);
}

// ---------------------------------------------------------------- router

let routing = 0;

async function route(): Promise<void> {
	const token = tokenOfHash(location.hash);
	if (token !== null) {
		// The token leaves the address bar (and the history) before it is used.
		history.replaceState(null, "", location.pathname);
		if (!(await api.signIn(token))) {
			showSignIn("This link was used already or has expired. Run holm console-link for a new one.");
			return;
		}
		features = null;
	}
	if (features === null) {
		features = await api.session();
		if (features === null) {
			showSignIn("");
			return;
		}
	}
	showChrome(true);
	const current = parseRoute(location.hash);
	markNav(current);
	const turn = ++routing;
	await guarded(async () => {
		if (current.page === "overview") await overviewPage();
		else if (current.page === "users") await usersPage(current.query);
		else if (current.page === "user") await userPage(current.id);
		else await eventsPage(current);
		if (turn === routing) main.focus();
	});
}

async function eventsPage(filter: EventFilter): Promise<void> {
	if (features?.events !== true) {
		replaceChildren(main, setTitle("Events"), h("p", {}, "This Holm keeps no events."));
		return;
	}
	const page = await api.events(filter);
	const form = h(
		"form",
		{ class: "search" },
		select("type", "Type", filter.type, [["", "Every type"], ...page.types.map((type): [string, string] => [type, type])]),
		h("label", { for: "user_id" }, "User id", h("input", { id: "user_id", name: "user_id", value: filter.user_id, autocomplete: "off", spellcheck: "false" })),
		select("hours", "Time", filter.hours === null ? "" : String(filter.hours), [
			["", "Every event kept"],
			["1", "Last hour"],
			["24", "Last 24 hours"],
			["168", "Last 7 days"],
		]),
		h("button", { type: "submit" }, "Filter"),
	);
	form.addEventListener("submit", (event) => {
		event.preventDefault();
		const data = new FormData(form as HTMLFormElement);
		const hours = Number(data.get("hours"));
		location.hash = eventsHash({
			type: String(data.get("type") ?? ""),
			user_id: String(data.get("user_id") ?? "").trim(),
			hours: hours > 0 ? hours : null,
			before: "",
		});
	});
	replaceChildren(
		main,
		setTitle("Events"),
		form,
		page.events.length === 0 ? h("p", {}, "No events match.") : eventTable(page.events),
		h(
			"nav",
			{ class: "pager", "aria-label": "Pages" },
			filter.before === "" ? null : h("a", { href: eventsHash({ ...filter, before: "" }) }, "Newest events"),
			page.older === null ? null : h("a", { href: eventsHash({ ...filter, before: page.older }) }, "Older events"),
		),
	);
}

byId("sign-out").addEventListener("click", () => {
	void guarded(async () => {
		await api.signOut();
		showSignIn("");
		say("Signed out.");
	});
});
window.addEventListener("hashchange", () => {
	say(sayAfterRoute);
	sayAfterRoute = "";
	void route();
});
void route();
