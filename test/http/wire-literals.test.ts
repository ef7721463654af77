// A wire shape's literal (the hot ones: src/http/wire.ts) must answer the bytes its declaration
// makes field by field, in the same order, for every kind of value its fields take.
import { describe, expect, test } from "bun:test";
import { userAnswer } from "../../src/features/users/schemas.ts";
import type { User } from "../../src/features/users/store.ts";

const users: User[] = [
	{ id: "eeidmqmvdtjhaddujv8twjug", createdAt: 1728783738, email: "seed12345@example.com", emailVerified: false, totpRegistered: false, recoveryCode: "4UHZRTWP", passwordLeaked: false },
	{ id: "a2b3c4d5e6f7g8h9i2j3k4m5", createdAt: 0, email: null, emailVerified: true, totpRegistered: true, recoveryCode: "ABCDEFGH", passwordLeaked: true },
	{ id: "zzzzzzzzzzzzzzzzzzzzzzzz", createdAt: 4102444800, email: 'q"uo\\te\u2028\u0000é@exämple.com', emailVerified: true, totpRegistered: false, recoveryCode: "23456789", passwordLeaked: false },
];

describe("wire literals", () => {
	test("the user's literal is its declaration, byte for byte", () => {
		for (const user of users) expect(JSON.stringify(userAnswer.json(user))).toBe(JSON.stringify(userAnswer.declared(user)));
	});
});
