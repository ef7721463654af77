// Puts a password hash straight into a test server's database, as an import (or an attacker with
// write access to the table) would leave it, without going through the API.
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { SECRET, type TestServer } from "../support/server.ts";

export async function plantPasswordHash(server: TestServer, userId: string, hash: string): Promise<void> {
	if (server.store === "postgres") {
		await server.rows(`UPDATE "user" SET password_hash = ? WHERE id = ?`, hash, userId);
		return;
	}
	const db = new Database(join(server.dir, "holm.db"));
	try {
		db.exec("PRAGMA busy_timeout = 5000");
		db.query(`UPDATE "user" SET password_hash = ? WHERE id = ?`).run(hash, userId);
	} finally {
		db.close();
	}
}

export async function storedPasswordHash(server: TestServer, userId: string): Promise<string> {
	const [row] = await server.rows(`SELECT password_hash FROM "user" WHERE id = ?`, userId);
	return String(row?.password_hash);
}

/** The value of one series in the server's /metrics (0 when it has not appeared yet). */
export async function metricValue(server: TestServer, series: string): Promise<number> {
	const response = await server.fetch("/metrics", { headers: { Authorization: SECRET } });
	const line = (await response.text()).split("\n").find((candidate) => candidate.startsWith(series + " "));
	return line === undefined ? 0 : Number(line.slice(series.length + 1));
}

export function upgradesCounted(server: TestServer, form: string): Promise<number> {
	return metricValue(server, `holm_password_hash_upgrades_total{form="${form}"}`);
}
