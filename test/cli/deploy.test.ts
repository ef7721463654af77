// The deploy kit: deploy/holm.service passes systemd's own verifier and keeps every hardening
// setting deploy/README.md promises; deploy/Dockerfile runs the prebuilt executable as an
// unprivileged user, and its health check really answers from a running Holm.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const DEPLOY = join(import.meta.dir, "..", "..", "deploy");
const UNIT_TEXT = readFileSync(join(DEPLOY, "holm.service"), "utf8");
const DOCKERFILE_TEXT = readFileSync(join(DEPLOY, "Dockerfile"), "utf8");

// ---------------------------------------------------------------------------------------------
// A systemd unit file: sections of Key=Value lines; '#' and ';' start comments; a trailing
// backslash continues a line. A key may appear several times; every value is kept, in order.

type UnitFile = Map<string, Map<string, string[]>>;

function joinContinuations(text: string): string[] {
	const lines: string[] = [];
	let pending = "";
	for (const raw of text.split("\n")) {
		const line = raw.trimEnd();
		if (pending === "" && /^\s*[#;]/.test(line)) continue;
		if (line.endsWith("\\")) {
			pending += line.slice(0, -1) + " ";
			continue;
		}
		lines.push(pending + line);
		pending = "";
	}
	if (pending !== "") lines.push(pending);
	return lines.map((line) => line.trim()).filter((line) => line !== "");
}

function parseUnit(text: string): UnitFile {
	const unit: UnitFile = new Map();
	let section: Map<string, string[]> | null = null;
	for (const line of joinContinuations(text)) {
		const header = /^\[([A-Za-z]+)\]$/.exec(line);
		if (header !== null) {
			section = new Map();
			unit.set(header[1]!, section);
			continue;
		}
		const entry = /^([A-Za-z][A-Za-z0-9]*)=(.*)$/.exec(line);
		if (entry === null) throw new Error(`not a section header or Key=Value line: ${line}`);
		if (section === null) throw new Error(`${line} comes before any [Section]`);
		const [, key, value] = entry as unknown as [string, string, string];
		section.set(key, [...(section.get(key) ?? []), value.trim()]);
	}
	return unit;
}

const unit = parseUnit(UNIT_TEXT);
const service = unit.get("Service") ?? new Map<string, string[]>();

/** The value systemd uses for a single-valued setting: the last assignment wins. */
function setting(key: string): string | undefined {
	return service.get(key)?.at(-1);
}

/** Every directive the unit may use, by section: a typo ("ProtectKernalLogs") is an error. */
const KNOWN_DIRECTIVES: Record<string, readonly string[]> = {
	Unit: ["Description", "Documentation", "Wants", "After", "Requires", "Before"],
	Service: [
		"Type", "ExecStart", "LoadCredential", "EnvironmentFile", "Environment",
		"KillSignal", "TimeoutStopSec", "Restart", "RestartSec", "RestartPreventExitStatus",
		"DynamicUser", "User", "Group", "StateDirectory", "StateDirectoryMode", "RuntimeDirectory", "UMask",
		"NoNewPrivileges", "CapabilityBoundingSet", "AmbientCapabilities",
		"ProtectSystem", "ProtectHome", "PrivateTmp", "PrivateMounts", "PrivateDevices",
		"ProtectKernelTunables", "ProtectKernelModules", "ProtectKernelLogs", "ProtectControlGroups",
		"ProtectClock", "ProtectHostname", "ProtectProc", "ProcSubset",
		"RestrictAddressFamilies", "RestrictNamespaces", "RestrictRealtime", "RestrictSUIDSGID",
		"LockPersonality", "SystemCallArchitectures", "SystemCallFilter", "SystemCallErrorNumber",
		"IPAddressDeny", "IPAddressAllow",
	],
	Install: ["WantedBy"],
};

function unknownDirectives(): string[] {
	const unknown: string[] = [];
	for (const [section, entries] of unit) {
		const known = KNOWN_DIRECTIVES[section];
		if (known === undefined) {
			unknown.push(`[${section}]`);
			continue;
		}
		for (const key of entries.keys()) if (!known.includes(key)) unknown.push(`${section}.${key}`);
	}
	return unknown;
}

function onPath(command: string): boolean {
	return Bun.which(command) !== null;
}

describe("deploy/holm.service", () => {
	test("has only [Unit], [Service] and [Install], each with directives systemd knows", () => {
		expect([...unit.keys()]).toEqual(["Unit", "Service", "Install"]);
		expect(unknownDirectives()).toEqual([]);
	});

	test("runs `holm serve` on /var/lib/holm as a dynamic user with a private state directory", () => {
		const execStart = service.get("ExecStart") ?? [];
		expect(execStart).toHaveLength(1);
		const argv = execStart[0]!.split(/\s+/);
		expect(argv.slice(0, 2)).toEqual(["/usr/local/bin/holm", "serve"]);
		expect(argv[argv.indexOf("--dir") + 1]).toBe("/var/lib/holm");
		expect(setting("DynamicUser")).toBe("yes");
		expect(setting("StateDirectory")).toBe("holm");
		expect(setting("UMask")).toBe("0077");
	});

	test("takes the secret from a systemd credential, never from the command line", () => {
		const argv = (setting("ExecStart") ?? "").split(/\s+/);
		expect(argv).not.toContain("--secret");
		const credentials = service.get("LoadCredential") ?? [];
		expect(credentials).toHaveLength(1);
		const [name, source] = credentials[0]!.split(":") as [string, string];
		expect(source.startsWith("/")).toBe(true);
		// %d is the service's credentials directory; the file there is named after the credential.
		expect(argv[argv.indexOf("--secret-file") + 1]).toBe(`%d/${name}`);
	});

	test("keeps the hardening settings deploy/README.md lists", () => {
		const expected: [string, string][] = [
			["NoNewPrivileges", "yes"],
			["ProtectSystem", "strict"],
			["ProtectHome", "yes"],
			["PrivateTmp", "yes"],
			["PrivateDevices", "yes"],
			["ProtectKernelTunables", "yes"],
			["ProtectKernelModules", "yes"],
			["ProtectKernelLogs", "yes"],
			["ProtectControlGroups", "yes"],
			["RestrictAddressFamilies", "AF_UNIX AF_INET AF_INET6"],
			["RestrictNamespaces", "yes"],
			["LockPersonality", "yes"],
			["SystemCallArchitectures", "native"],
			["Restart", "on-failure"],
			["KillSignal", "SIGTERM"],
		];
		for (const [key, value] of expected) expect([key, setting(key)]).toEqual([key, value]);
		// Empty, assigned once: no capabilities at all (a later non-empty line would add some back).
		expect(service.get("CapabilityBoundingSet")).toEqual([""]);
	});

	test("filters system calls, hides the rest of /proc, and reaches only loopback addresses", () => {
		// @system-service holds every call Holm makes (checked with strace over every endpoint); a
		// call outside it fails with EPERM rather than killing the service.
		expect(service.get("SystemCallFilter")).toEqual(["@system-service"]);
		expect(setting("SystemCallErrorNumber")).toBe("EPERM");
		expect(setting("ProcSubset")).toBe("pid");
		expect(setting("ProtectProc")).toBe("invisible");
		// Listening on 127.0.0.1 with SQLite and the offline leak check needs no other address; the
		// unit says how to allow PostgreSQL's and the leak API's.
		expect(service.get("IPAddressDeny")).toEqual(["any"]);
		expect(service.get("IPAddressAllow")).toEqual(["localhost"]);
		expect(UNIT_TEXT).toMatch(/#.*PostgreSQL.*IPAddressAllow=/);
		expect(UNIT_TEXT).toMatch(/#.*--leak-check online/);
	});

	// Measured with systemd 252's `systemd-analyze security --offline=yes`: 2.8 before the system
	// call filter, the /proc subset and the address list; 1.3 with them. What is left is mostly the
	// network (Holm serves it), the JIT's writable executable memory, and PrivateUsers=. The bound
	// leaves a little room for other systemd versions' weights.
	const EXPOSURE_AT_MOST = 1.5;

	test(`scores at most ${EXPOSURE_AT_MOST} in \`systemd-analyze security\` (where systemd-analyze is installed)`, () => {
		if (!onPath("systemd-analyze")) {
			// Without systemd the settings the score depends on are checked one by one above.
			expect(setting("ProcSubset")).toBe("pid");
			return;
		}
		const dir = mkdtempSync(join(tmpdir(), "holm-unit-"));
		try {
			const copy = join(dir, "holm.service");
			writeFileSync(copy, UNIT_TEXT);
			const result = Bun.spawnSync(["systemd-analyze", "security", "--offline=yes", "--no-pager", copy]);
			const output = result.stdout.toString() + result.stderr.toString();
			const score = /Overall exposure level for holm\.service: ([0-9.]+)/.exec(output);
			expect(score).not.toBeNull();
			expect(Number(score![1])).toBeLessThanOrEqual(EXPOSURE_AT_MOST);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	test("leaves MemoryDenyWriteExecute off, and says why: Bun's JIT needs writable executable memory", () => {
		expect(service.has("MemoryDenyWriteExecute")).toBe(false);
		expect(UNIT_TEXT).toMatch(/#.*MemoryDenyWriteExecute=yes is deliberately absent/);
		expect(UNIT_TEXT).toMatch(/#.*\(a JIT\)/);
	});

	test("passes `systemd-analyze verify` (or, without systemd, uses only directives systemd knows)", () => {
		if (!onPath("systemd-analyze")) {
			// No systemd here: the strongest check left is that every line parses and every key is a
			// real directive of its section.
			expect(unknownDirectives()).toEqual([]);
			expect(setting("ExecStart")).toMatch(/^\/\S+ serve /);
			return;
		}
		// verify refuses an ExecStart binary that does not exist, and /usr/local/bin/holm is only
		// there once installed: check a copy whose ExecStart names a binary this host has.
		const dir = mkdtempSync(join(tmpdir(), "holm-unit-"));
		try {
			const copy = join(dir, "holm.service");
			writeFileSync(copy, UNIT_TEXT.replace(/^ExecStart=\/usr\/local\/bin\/holm /m, `ExecStart=${process.execPath} `));
			expect(readFileSync(copy, "utf8")).not.toMatch(/^ExecStart=\/usr\/local\/bin\/holm/m);
			const result = Bun.spawnSync(["systemd-analyze", "verify", "--man=no", copy]);
			const messages = (result.stdout.toString() + result.stderr.toString()).split("\n").filter((line) => line.trim() !== "");
			expect(messages.filter((line) => line.includes("holm"))).toEqual([]);
			// A failure must come from some other unit of this host, never from ours.
			if (result.exitCode !== 0) expect(messages.length).toBeGreaterThan(0);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

// ---------------------------------------------------------------------------------------------
// A Dockerfile: instructions, with backslash continuations joined and comments dropped.

interface Instruction {
	keyword: string;
	args: string;
}

function parseDockerfile(text: string): Instruction[] {
	return joinContinuations(text).map((line) => {
		const match = /^([A-Za-z]+)\s+(.*)$/.exec(line);
		if (match === null) throw new Error(`not an instruction: ${line}`);
		return { keyword: match[1]!.toUpperCase(), args: match[2]! };
	});
}

const dockerfile = parseDockerfile(DOCKERFILE_TEXT);

function instructions(keyword: string): string[] {
	return dockerfile.filter((i) => i.keyword === keyword).map((i) => i.args);
}

/** The exec-form (JSON array) arguments of an instruction, e.g. ENTRYPOINT ["/usr/local/bin/holm"]. */
function execForm(args: string): string[] {
	const value: unknown = JSON.parse(args);
	if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) throw new Error(`not exec form: ${args}`);
	return value;
}

describe("deploy/Dockerfile", () => {
	test("starts from a glibc (Debian) image: the Bun-compiled executable does not run on musl", () => {
		const from = instructions("FROM");
		expect(from).toHaveLength(1);
		expect(from[0]).toMatch(/^debian:/);
	});

	test("copies the prebuilt dist/holm and runs it", () => {
		const copies = instructions("COPY").map((args) => args.split(/\s+/));
		const copy = copies.find((parts) => parts.includes("dist/holm"));
		expect(copy).toBeDefined();
		const destination = copy!.at(-1)!;
		expect(execForm(instructions("ENTRYPOINT").at(-1)!)).toEqual([destination]);
		expect(execForm(instructions("CMD").at(-1)!)).toEqual(["serve"]);
		// The build context is the repository root, cut down to the executable.
		const ignore = readFileSync(join(DEPLOY, "Dockerfile.dockerignore"), "utf8").split("\n").map((l) => l.trim());
		expect(ignore).toContain("*");
		expect(ignore).toContain("!dist/holm");
	});

	test("runs as a non-root user that owns /data", () => {
		const user = instructions("USER").at(-1);
		expect(user).toBeDefined();
		const [name = "", group = ""] = user!.split(":");
		expect(["root", "0", ""]).not.toContain(name);
		expect(group).not.toBe("0");
		expect(group).not.toBe("root");
		// The uid of USER is the one useradd creates, and that user owns the data directory.
		const run = instructions("RUN").join(" ");
		expect(run).toContain(`--uid ${name}`);
		expect(run).toMatch(/install -d -o holm -g holm -m 0700 \/data/);
		expect(instructions("VOLUME").join(" ")).toContain("/data");
	});

	test("serves from /data on 0.0.0.0:4000 inside the container", () => {
		const env = instructions("ENV").join(" ");
		expect(env).toContain("HOLM_DIR=/data");
		expect(env).toContain("HOLM_HOST=0.0.0.0");
		expect(env).toContain("HOLM_PORT=4000");
		expect(instructions("EXPOSE")).toEqual(["4000"]);
		expect(DOCKERFILE_TEXT).toMatch(/#.*trusted networks only/);
	});

	test("its HEALTHCHECK command passes against a running Holm and fails once it stops", async () => {
		const healthcheck = instructions("HEALTHCHECK").at(-1) ?? "";
		const argv = execForm(healthcheck.slice(healthcheck.indexOf("CMD ") + 4));
		expect(argv[0]).toBe("bash");
		if (!onPath("bash")) {
			// Debian images always have bash; a test host without it can only check what is asked for.
			expect(argv.join(" ")).toContain("GET /health");
			return;
		}
		// Imported here, so the unit and Dockerfile checks above do not depend on the server's code.
		const { startTestServer } = await import("../support/server.ts");
		const server = await startTestServer({ listen: true });
		const port = new URL(server.url).port;
		// Asynchronous: the server answers from this same process, so a synchronous spawn would
		// block the very event loop that has to answer the check.
		async function check(): Promise<number | null> {
			const child = Bun.spawn(argv, { env: { ...process.env, HOLM_PORT: port }, stdout: "ignore", stderr: "ignore" });
			const timer = setTimeout(() => child.kill(), 5000); // Docker's --timeout=5s
			try {
				return await child.exited;
			} finally {
				clearTimeout(timer);
			}
		}
		try {
			expect(await check()).toBe(0);
		} finally {
			await server.stop();
		}
		expect(await check()).not.toBe(0);
	});
});
