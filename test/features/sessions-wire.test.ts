// The answer of POST /sessions/validate (and every session answer) is written out as literals for
// speed (src/http/wire.ts); its bytes must stay those of the declared wire shapes, made field by
// field, order included, whatever the values: null or set, a touched session, text outside ASCII.
import { expect, test } from "bun:test";
import { sessionAnswer, shownSession, validatedSessionAnswer } from "../../src/features/sessions/schemas.ts";
import { userAnswer } from "../../src/features/users/schemas.ts";
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from "../../src/features/sessions/settings.ts";
import type { Session } from "../../src/features/sessions/store.ts";
import type { User } from "../../src/features/users/store.ts";

const sessions: Session[] = [
	{
		id: "abcdefghijkmnpqrstuvwxyz",
		userId: "23456789abcdefghijkmnpqr",
		createdAt: 1_764_000_000,
		lastUsedAt: 1_764_000_000,
		clientIp: null,
		userAgent: null,
		secondFactorVerifiedAt: null,
		newDevice: false,
	},
	{
		id: "zyxwvutsrqpnmkjihgfedcba",
		userId: "rqpnmkjihgfedcba98765432",
		createdAt: 1_764_000_000,
		lastUsedAt: 1_764_086_399,
		clientIp: "2001:db8::1",
		userAgent: 'Mozilla/5.0 "quoted" \\ \u00e9\u{1F600} \uFFFD',
		secondFactorVerifiedAt: 1_764_000_060,
		newDevice: true,
	},
];

const users: User[] = [
	{ id: "23456789abcdefghijkmnpqr", createdAt: 1_763_000_000, email: null, emailVerified: false, totpRegistered: false, recoveryCode: "ABCDEFGH", passwordLeaked: false, passwordSet: false, disabled: false, disabledUntil: null, disabledReason: null },
	{ id: "rqpnmkjihgfedcba98765432", createdAt: 1_763_000_001, email: "\u00e9l\u00e8ve@example.com", emailVerified: true, totpRegistered: true, recoveryCode: "ZZZZZZZZ", passwordLeaked: true, passwordSet: true, disabled: true, disabledUntil: 1_763_003_600, disabledReason: "a reason" },
];

const settings: SessionSettings[] = [DEFAULT_SESSION_SETTINGS, { idleTimeoutSeconds: 600, lifetimeSeconds: 86_400, perUser: 5 }];

test("the validation's literal answer has the bytes of its declared wire shapes", () => {
	for (const session of sessions) {
		for (const user of users) {
			for (const setting of settings) {
				const shown = shownSession(session, setting);
				const declared = JSON.stringify({ session: sessionAnswer.declared(shown), user: userAnswer.declared(user) });
				expect(JSON.stringify(validatedSessionAnswer.declared({ session: shown, user }))).toBe(declared);
				expect(JSON.stringify(validatedSessionAnswer.json({ session: shown, user }))).toBe(declared);
			}
		}
	}
});
