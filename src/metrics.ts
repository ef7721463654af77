// GET /metrics: what an operator watches, in the Prometheus text format. The two series that every
// request updates are kept by request-metrics.ts; everything else goes through prom-client (the
// Prometheus client most Node services use). One registry per app, so several servers in one
// process (the tests) keep their own counts.
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import packageJson from "../package.json" with { type: "json" };
import { RequestMetrics } from "./request-metrics.ts";
import type { HashObserver } from "./lib/password-hash.ts";
import { DEFAULT_LIMITS, LIMIT_NAMES, type LimitSettings } from "./limits.ts";

type LeakCheckOutcome = "weak" | "passed" | "online_failure";

export interface Metrics {
	readonly registry: Registry;
	/** Every metric, in the Prometheus text format (version 0.0.4). */
	text(): Promise<string>;
	/** One answered request: its route pattern (never the path), status and error code. */
	request(route: string, method: string, status: number, error: string | null, seconds: number): void;
	/** A refusal by one of the limits of API.md section 4 (or a second-factor lock). */
	refused(limit: string): void;
	leakCheck(outcome: LeakCheckOutcome): void;
	/** Argon2id work that could not start in time under overload (503 UNAVAILABLE). */
	hashingRejected(): void;
	/** A client_ip that is no IP address, used as a limit key as it is (client-ip-report.ts). */
	clientIpNotAnAddress(): void;
	/** Hears about each piece of argon2id work that ran. */
	hashed: HashObserver;
	/** An imported hash of this form replaced by an argon2id hash after a correct password. */
	hashUpgraded(form: string): void;
}

interface MetricsSources {
	/** Which database this instance runs on, for holm_build_info. */
	database: "sqlite" | "postgres";
	/** The limits in force, for holm_limit_count and holm_limit_window_seconds. */
	limits?: LimitSettings;
	/** Bytes the database takes, or null when it cannot say (a rejection is taken as null too). */
	databaseSize(): Promise<number | null>;
	/** Argon2id work running and waiting now. */
	hashingLoad(): { running: number; waiting: number };
	/** Users whose password was found leaked after it was set (API.md section 15), or null when the
	 *  database cannot say (a rejection is taken as null too). */
	leakedPasswords?(): Promise<number | null>;
}

export function createMetrics(sources: MetricsSources): Metrics {
	const registry = new Registry();
	const refusals = new Counter({
		name: "holm_rate_limit_refusals_total",
		help: "TOO_MANY_REQUESTS answers, by the limit that refused.",
		labelNames: ["limit"],
		registers: [registry],
	});
	const leakChecks = new Counter({
		name: "holm_leak_checks_total",
		help: "Leak checks of new passwords: weak, passed, or online_failure (the range API could not answer, with --leak-fail open or closed). Nothing is counted with --leak-check off.",
		labelNames: ["result"],
		registers: [registry],
	});
	const hashingRejections = new Counter({
		name: "holm_password_hashing_rejected_total",
		help: "Argon2id work refused with 503 UNAVAILABLE because it could not start within 5 seconds.",
		registers: [registry],
	});
	const clientIpsNotAddresses = new Counter({
		name: "holm_client_ip_not_an_address_total",
		help: "Requests whose client_ip was no IP address even without a port, a zone and surrounding whitespace; each was limited by its string as it is.",
		registers: [registry],
	});
	const hashUpgrades = new Counter({
		name: "holm_password_hash_upgrades_total",
		help: "Imported password hashes replaced by an argon2id hash after a correct password, by the form they were in.",
		labelNames: ["form"],
		registers: [registry],
	});
	new Gauge({
		name: "holm_password_hashing_running",
		help: "Argon2id hashes and verifications running now.",
		registers: [registry],
		collect() {
			this.set(sources.hashingLoad().running);
		},
	});
	new Gauge({
		name: "holm_password_hashing_waiting",
		help: "Argon2id hashes and verifications waiting for a free core.",
		registers: [registry],
		collect() {
			this.set(sources.hashingLoad().waiting);
		},
	});
	const hashingSeconds = new Histogram({
		name: "holm_password_hashing_duration_seconds",
		help: "Time argon2id work took to run, without its wait, by operation.",
		labelNames: ["operation"],
		buckets: [0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.2, 0.5, 1],
		registers: [registry],
	});
	const hashingWait = new Histogram({
		name: "holm_password_hashing_wait_seconds",
		help: "Time argon2id work waited for a free core before it ran.",
		buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
		registers: [registry],
	});
	/** A gauge read from the database: one that cannot say keeps its last value; it must not fail
	 *  the whole scrape. */
	const databaseGauge = (name: string, help: string, read: () => Promise<number | null>) =>
		new Gauge({
			name,
			help,
			registers: [registry],
			async collect() {
				let value: number | null = null;
				try {
					value = await read();
				} catch {}
				if (value !== null) this.set(value);
			},
		});
	databaseGauge(
		"holm_database_size_bytes",
		"Bytes the database takes (SQLite: the main file's pages; PostgreSQL: pg_database_size); the last size known while the database cannot say.",
		() => sources.databaseSize(),
	);
	databaseGauge(
		"holm_users_password_leaked",
		"Users whose current password was found in the leak lists at a correct check after it was set (password_leaked true); the last count known while the database cannot say.",
		async () => (await sources.leakedPasswords?.()) ?? null,
	);
	new Gauge({
		name: "holm_process_resident_memory_bytes",
		help: "Resident memory of the Holm process.",
		registers: [registry],
		collect() {
			this.set(process.memoryUsage.rss());
		},
	});
	new Gauge({
		name: "holm_process_heap_used_bytes",
		help: "JavaScript heap in use.",
		registers: [registry],
		collect() {
			this.set(process.memoryUsage().heapUsed);
		},
	});

	new Gauge({
		name: "holm_build_info",
		help: "Always 1; the labels say which Holm runs: its version, the Bun version, and the database (sqlite or postgres).",
		labelNames: ["version", "bun_version", "database"],
		registers: [registry],
	}).set({ version: packageJson.version, bun_version: Bun.version, database: sources.database }, 1);
	registerProcessMetrics(registry);
	registerLimits(registry, sources.limits ?? DEFAULT_LIMITS);

	const requestMetrics = new RequestMetrics();

	return {
		registry,
		hashed(operation, waitSeconds, runSeconds) {
			hashingWait.observe(waitSeconds);
			hashingSeconds.observe({ operation }, runSeconds);
		},
		request(route, method, status, error, seconds) {
			requestMetrics.observe(route, method, status, error, seconds);
		},
		async text() {
			return requestMetrics.text() + (await registry.metrics());
		},
		refused(limit) {
			refusals.inc({ limit });
		},
		leakCheck(outcome) {
			leakChecks.inc({ result: outcome });
		},
		hashingRejected() {
			hashingRejections.inc();
		},
		clientIpNotAnAddress() {
			clientIpsNotAddresses.inc();
		},
		hashUpgraded(form) {
			hashUpgrades.inc({ form });
		},
	};
}

/**
 * The two standard process series that dashboards and alerts expect under these names, as
 * prom-client's collectDefaultMetrics writes them; the rest of that set (event loop lag, GC, handles)
 * costs timers and hooks on every process and says little here, so only these are registered.
 */
function registerProcessMetrics(registry: Registry): void {
	let counted = 0;
	new Counter({
		name: "process_cpu_seconds_total",
		help: "Total user and system CPU time spent in seconds.",
		registers: [registry],
		collect() {
			const { user, system } = process.cpuUsage();
			const total = (user + system) / 1e6;
			if (total > counted) this.inc(total - counted);
			counted = Math.max(counted, total);
		},
	});
	const startedAt = Math.round(Date.now() / 1000 - process.uptime());
	new Gauge({
		name: "process_start_time_seconds",
		help: "Start time of the process since unix epoch in seconds.",
		registers: [registry],
	}).set(startedAt);
}

/** The limits in force (API.md section 4, --limit), so a dashboard shows what an instance enforces
 *  and instances that disagree stand out. Named as in --limit; the window is in seconds (for
 *  hashing, the time for one token to come back; code-attempts has none). */
function registerLimits(registry: Registry, limits: LimitSettings): void {
	const count = new Gauge({
		name: "holm_limit_count",
		help: "The COUNT of each limit in force (--limit NAME=COUNT/WINDOW): attempts, requests or tokens.",
		labelNames: ["limit"],
		registers: [registry],
	});
	const window = new Gauge({
		name: "holm_limit_window_seconds",
		help: "The WINDOW of each limit in force, in seconds (hashing: the time for one token to come back; second-factor: the first lock).",
		labelNames: ["limit"],
		registers: [registry],
	});
	for (const name of LIMIT_NAMES) {
		const setting = limits[name];
		count.set({ limit: name }, setting.count);
		if (setting.windowMs !== null) window.set({ limit: name }, setting.windowMs / 1000);
	}
}
