// A visitor of the app, in-process (Hono's app.request): keeps cookies as a browser does and comes
// from an address of its own, so that Holm's per-address limits of one test never meet another's.
import type { Hono } from "hono";
import { createApp } from "../src/app.js";
import type { AppEnv } from "../src/sessions.js";

export const PASSWORD = "correct horse battery staple 42";
/** Every email the app sent, newest last. */
export const outbox: { to: string; subject: string; text: string }[] = [];
export const app: Hono<AppEnv> = createApp(async (to, subject, text) => {
	outbox.push({ to, subject, text });
});

/** The code in the last email sent to that address. */
export function mailedCode(email: string): string {
	const message = outbox.filter((sent) => sent.to === email).at(-1);
	const code = message?.text.match(/Your code is ([A-Z0-9]{8})\./)?.[1];
	if (code === undefined) throw new Error(`no code was mailed to ${email}`);
	return code;
}
/** The link in the last email sent to that address, as a path. */
export function mailedLink(email: string): string {
	const message = outbox.filter((sent) => sent.to === email).at(-1);
	const link = message?.text.match(/https?:\/\/[^/\s]+(\/sign-in\/email\/link\?\S+)/)?.[1];
	if (link === undefined) throw new Error(`no link was mailed to ${email}`);
	return link;
}
let visitors = 0;

export function newEmail(): string {
	return `ts-${crypto.randomUUID().slice(0, 12)}@example.com`;
}

export class Visitor {
	readonly address = `198.51.100.${++visitors}`;
	readonly cookies = new Map<string, string>();

	constructor(private readonly origin = "http://localhost") {}

	async request(path: string, init: RequestInit = {}): Promise<Response> {
		const headers = new Headers(init.headers);
		headers.set("Cookie", [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
		// @hono/node-server hands the app Node's request as env.incoming: the address comes from there.
		const env = { incoming: { socket: { remoteAddress: this.address, remotePort: 50000, remoteFamily: "IPv4" } } };
		const response = await app.request(this.origin + path, { ...init, headers }, env);
		for (const line of response.headers.getSetCookie()) {
			const [pair = ""] = line.split(";");
			const [name = "", value = ""] = pair.split("=");
			if (value === "" || /max-age=0/i.test(line)) this.cookies.delete(name);
			else this.cookies.set(name, value);
		}
		return response;
	}

	/** A form post from the app's own page. */
	post(path: string, fields: Record<string, string> = {}): Promise<Response> {
		return this.request(path, { method: "POST", headers: { Origin: this.origin }, body: new URLSearchParams(fields) });
	}

	/** A fetch() of the app's own page script. */
	postJson(path: string, body: unknown): Promise<Response> {
		return this.request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
	}

	async page(path = "/"): Promise<string> {
		return (await this.request(path)).text();
	}
}
