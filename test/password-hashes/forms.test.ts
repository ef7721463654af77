// The table of forms: which prefix goes to which module, and what is refused without one.
import { expect, test } from "bun:test";
import { parsePasswordHash } from "../../src/password-hashes/index.ts";

function result(hash: string): string {
	const parsed = parsePasswordHash(hash);
	return "error" in parsed ? parsed.error : parsed.form;
}

test("unsalted or single-round digests, crypt(3) forms and anything unknown are UNSUPPORTED_PASSWORD_HASH", () => {
	for (const hash of [
		"5f4dcc3b5aa765d61d8327deb882cf99", // MD5, as WordPress once stored it
		"5baa61e4c9b93f3f0682250b6cf8331b7ee68fd8", // SHA-1
		"5e884898da28047151d0e56f8dc6292773603d0d6aabbdd62a1ecf1d2bd7b3b8", // SHA-256
		"md5$seasalt$3f86d0d3d465b7b458c231bf3555c0e3", // Django salted MD5
		"sha1$seasalt$cff36ea83f5706ce9aa7454e63e431fc726b2dc8", // Django salted SHA-1
		"sha1$$6d138ca3ae545631b3abd71a4f076ce759c5700b", // Django unsalted SHA-1
		"crypt$$ab1Hv2Lg7ltQo",
		"$1$saltsalt$qjXMvbEw8oaL.CzflDugX/", // md5-crypt
		"$6$rounds=5000$saltsalt$abc", // sha512-crypt
		"{SSHA}abcdef",
		"$bcrypt-sha256$v=2,t=2b,r=12$n79VH.0Q2TMWmt3Oqt9uku$Kq4Noyk3094Y2QlB8NdRT8SvGiI4ft2",
		"!unusable", // Django's unusable password
		"password",
	]) {
		expect({ hash, result: result(hash) }).toEqual({ hash, result: "UNSUPPORTED_PASSWORD_HASH" });
	}
});

test("an empty string, or a string longer than any form writes, is INVALID_PASSWORD_HASH", () => {
	expect(result("")).toBe("INVALID_PASSWORD_HASH");
	expect(result("$2b$10$" + "a".repeat(600))).toBe("INVALID_PASSWORD_HASH");
});
