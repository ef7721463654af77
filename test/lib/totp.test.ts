// src/lib/totp.ts on its own: RFC 6238 vectors, strict key decoding, the drift window, and the
// replay rule before the database's compare-and-swap backs it up.
import { describe, expect, test } from "bun:test";
import { decodeTotpKey, findTotpStep, generateTotpCode, totpStep } from "../../src/lib/totp.ts";

const RFC_KEY = new TextEncoder().encode("12345678901234567890");
const STEP = 30_000;

describe("generateTotpCode", () => {
	// RFC 6238 appendix B, SHA-1, the last 6 of the 8 digits.
	test.each([
		[59, "287082"],
		[1111111109, "081804"],
		[1234567890, "005924"],
		[2000000000, "279037"],
		[20000000000, "353130"],
	])("T = %d s gives %s", (seconds, code) => {
		expect(generateTotpCode(RFC_KEY, totpStep(seconds * 1000))).toBe(code);
	});
});

describe("decodeTotpKey", () => {
	test("accepts strict base64 of exactly 20 bytes only", () => {
		expect(decodeTotpKey(Buffer.from(RFC_KEY).toString("base64"))).toEqual(RFC_KEY);
		const bad = [
			"",
			"MTIzNDU2Nzg5MDEyMzQ1Njc4OTA", // unpadded
			"MTIzNDU2Nzg5MDEyMzQ1Njc4OQ==", // 19 bytes
			"MTIzNDU2Nzg5MDEyMzQ1Njc4OTAx", // 21 bytes
			" MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=",
			"MTIzNDU2Nzg5MDEyMzQ1Njc4OTA=\n",
			"MTIzNDU2Nzg5MDEyMzQ1Njc4OTA-", // base64url
		];
		for (const encoded of bad) expect(decodeTotpKey(encoded)).toBeNull();
	});
});

describe("findTotpStep", () => {
	const now = 2_000_000_000_000;
	const current = totpStep(now);

	test("finds the step of a code within one step of now, and no further", () => {
		for (const offset of [-1, 0, 1]) expect(findTotpStep(RFC_KEY, generateTotpCode(RFC_KEY, current + offset), now, -1)).toBe(current + offset);
		for (const offset of [-2, 2]) expect(findTotpStep(RFC_KEY, generateTotpCode(RFC_KEY, current + offset), now, -1)).toBeNull();
	});

	test("refuses a step at or before the last accepted one", () => {
		const code = generateTotpCode(RFC_KEY, current);
		expect(findTotpStep(RFC_KEY, code, now, current - 1)).toBe(current);
		expect(findTotpStep(RFC_KEY, code, now, current)).toBeNull();
		expect(findTotpStep(RFC_KEY, generateTotpCode(RFC_KEY, current - 1), now + STEP / 2, current)).toBeNull();
	});
});
