// One Holm client for the whole process. The secret is a credential for this backend only: never
// send it to a browser.
import { createHolmClient } from "@holm/client";

function required(name: string): string {
	const value = process.env[name];
	if (!value) throw new Error(`set ${name} (see README.md)`);
	return value;
}

export const holm = createHolmClient({ url: required("HOLM_URL"), secret: required("HOLM_SECRET") });
