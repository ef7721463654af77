// TLS to PostgreSQL, as libpq's URL parameters say it (API.md section 8): `sslmode` and
// `sslrootcert` in --database. Bun's client reads both from the URL itself (sslrootcert as its
// `tls.caFile`); what Holm adds is checking them at start, libpq's default mode, the system's CAs
// on request, a start error that names the cause, and the words for the start line.
import { existsSync, statSync } from "node:fs";

const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"] as const;
type SslMode = (typeof SSL_MODES)[number];

interface PostgresTls {
	/** The connection string as Bun is to read it. */
	url: string;
	mode: SslMode;
	/** The CA file certificates are checked against; null: Bun's bundled public CAs. */
	rootCert: string | null;
	/** Over a Unix socket TLS does not apply (as with libpq). */
	socket: boolean;
}

/** Why `url`'s TLS parameters cannot work, in words for a start error (never the URL itself, which
 *  may hold a password); null when they can. */
export function tlsProblem(url: string): string | null {
	const params = new URL(url).searchParams;
	const mode = params.get("sslmode");
	if (mode !== null && !(SSL_MODES as readonly string[]).includes(mode)) return `--database: sslmode must be one of ${SSL_MODES.join(", ")} (not "${mode}")`;
	const rootCert = params.get("sslrootcert");
	if (rootCert === null || rootCert === "system") return null;
	if (!existsSync(rootCert) || !statSync(rootCert).isFile()) return `--database: sslrootcert ${rootCert} is not a file (it names the CA certificate, PEM, that signed the server's)`;
	return null;
}

/** The TLS settings of a connection string: libpq's default `prefer` when it names no mode (and
 *  PGSSLMODE none either), and `sslrootcert=system` (libpq 16) as Bun's bundled public CAs. */
export function postgresTls(url: string): PostgresTls {
	const parsed = new URL(url);
	const params = parsed.searchParams;
	const socketDir = params.get("path") ?? params.get("socket") ?? params.get("host");
	const socket = socketDir !== null && socketDir.startsWith("/");
	const given = params.get("sslmode") ?? process.env.PGSSLMODE ?? null;
	const mode: SslMode = given !== null && (SSL_MODES as readonly string[]).includes(given) ? (given as SslMode) : "prefer";
	if (!params.has("sslmode") && !socket) params.set("sslmode", mode);
	let rootCert = params.get("sslrootcert");
	if (rootCert === "system") {
		params.delete("sslrootcert");
		rootCert = null;
	}
	return { url: parsed.toString(), mode, rootCert, socket };
}

/** The start line's words for how the connection is carried: "unix socket", "TLS (verify-full)",
 *  or "not encrypted (sslmode=…)". `encrypted` is what the server reported for this session (it
 *  decides `prefer` and `allow`, which fall back to plain text). */
export function describeTransport(tls: PostgresTls, encrypted: boolean): string {
	if (tls.socket) return "unix socket (no TLS needed)";
	if (encrypted) return `TLS (sslmode=${tls.mode})`;
	return `not encrypted (sslmode=${tls.mode})`;
}

const UNTRUSTED = new Set([
	"UNABLE_TO_VERIFY_LEAF_SIGNATURE",
	"UNABLE_TO_GET_ISSUER_CERT",
	"UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
	"SELF_SIGNED_CERT_IN_CHAIN",
	"DEPTH_ZERO_SELF_SIGNED_CERT",
	"CERT_SIGNATURE_FAILURE",
]);

/** A start error for a certificate the client refused, naming which check failed; null for any
 *  other error. */
export function explainTlsError(code: string | undefined, tls: PostgresTls, host: string): string | null {
	if (code === undefined) return null;
	const against = tls.rootCert === null ? "the public CAs Holm knows (give sslrootcert=/path/to/ca.pem for a private CA)" : `the CA in sslrootcert ${tls.rootCert}`;
	if (UNTRUSTED.has(code)) return `the server's certificate was refused (sslmode=${tls.mode}): it does not chain to ${against} (${code})`;
	if (code === "ERR_TLS_CERT_ALTNAME_INVALID")
		return `the server's certificate was refused (sslmode=${tls.mode}): it does not name the host "${host}" (use the name the certificate gives, or sslmode=verify-ca to check the CA only)`;
	if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") return `the server's certificate was refused (sslmode=${tls.mode}): ${code === "CERT_HAS_EXPIRED" ? "it has expired" : "it is not valid yet"}`;
	return null;
}
