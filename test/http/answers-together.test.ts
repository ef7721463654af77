// Under load the answers of a turn leave together at its end; at low load each leaves at once
// (src/http/answers-together.ts). A held turn's writes are grouped and committed before its answers
// leave; when they are lost, no request in flight may say it wrote. The wrapper is called as
// Bun.serve calls it, then through a real listener, where the point is that every held answer
// still reaches its own request.
import { describe, expect, test } from "bun:test";
import { BUSY_TURN, QUIET_SAMPLE, answersTogether, type TurnWrites } from "../../src/http/answers-together.ts";
import { listenOnTcp } from "../../src/listen.ts";

const turnEnd = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Lets every pending promise callback run, without ending the turn. */
async function microtasks(): Promise<void> {
	for (let i = 0; i < 20; i++) await Promise.resolve();
}

function tracked(answer: Promise<Response>): { settled: () => boolean; answer: Promise<Response> } {
	let settled = false;
	void answer.then(() => (settled = true));
	return { settled: () => settled, answer };
}

function echo(): (request: Request) => Promise<Response> {
	return answersTogether(async (request: Request) => new Response(new URL(request.url).pathname));
}

/** One turn with `count` requests, awaited to its end. */
async function busyTurn(fetch: (request: Request) => Promise<Response>, count: number): Promise<void> {
	const answers = Array.from({ length: count }, (_, i) => fetch(new Request(`http://holm.test/${i}`)));
	await Promise.all(answers);
	await turnEnd();
}

describe("answers of a busy turn", () => {
	// While quiet, counting starts with the QUIET_SAMPLE-th request: a turn with BUSY_TURN more
	// is always seen to be busy.
	test("after a busy turn, the next turn's answers wait for its end", async () => {
		const fetch = echo();
		await busyTurn(fetch, QUIET_SAMPLE + BUSY_TURN);
		const first = tracked(fetch(new Request("http://holm.test/first")));
		await microtasks();
		expect(first.settled()).toBe(false);
		const second = tracked(fetch(new Request("http://holm.test/second")));
		await microtasks();
		expect(first.settled() || second.settled()).toBe(false);
		await turnEnd();
		expect(first.settled() && second.settled()).toBe(true);
		expect(await (await first.answer).text()).toBe("/first");
		expect(await (await second.answer).text()).toBe("/second");
	});

	test("at low load an answer leaves as soon as it is ready", async () => {
		const fetch = echo();
		await busyTurn(fetch, BUSY_TURN - 1);
		const alone = tracked(fetch(new Request("http://holm.test/alone")));
		await microtasks();
		expect(alone.settled()).toBe(true);
	});

	test("a quiet turn after a busy one sends answers at once again", async () => {
		const fetch = echo();
		await busyTurn(fetch, QUIET_SAMPLE + BUSY_TURN);
		await busyTurn(fetch, 1); // held to the turn's end, and counted as a quiet turn
		const next = tracked(fetch(new Request("http://holm.test/next")));
		await microtasks();
		expect(next.settled()).toBe(true);
	});

	test("an answer that is ready only in a later turn is held to that turn's end, not lost", async () => {
		const fetch = answersTogether(async (request: Request) => {
			await Bun.sleep(5);
			return new Response(new URL(request.url).pathname);
		});
		const count = (QUIET_SAMPLE + BUSY_TURN) * 2;
		const answers = Array.from({ length: count }, (_, i) => fetch(new Request(`http://holm.test/${i}`)));
		const texts = await Promise.all(answers.map(async (answer) => (await answer).text()));
		expect(texts).toEqual(Array.from({ length: count }, (_, i) => `/${i}`));
	});
});

/** The storage's side of the turns, as a record of what the listener asked of it and when. */
function recordedWrites(commits: boolean[] = []): TurnWrites & { log: string[] } {
	const log: string[] = [];
	return {
		log,
		group: () => log.push("group"),
		commit() {
			log.push("commit");
			return commits.shift() ?? true;
		},
	};
}

/** Answers with the path (20 ms later for /slow), noted in `log` when made and when the caller has it. */
function logged(writes: TurnWrites & { log: string[] }): (path: string) => Promise<Response> {
	const fetch = answersTogether(async (request: Request) => {
		const path = new URL(request.url).pathname;
		if (path === "/slow") await Bun.sleep(20);
		writes.log.push(`made ${path}`);
		return new Response(path);
	}, writes);
	return async (path) => {
		const answer = await fetch(new Request(`http://holm.test${path}`));
		writes.log.push(`left ${path}`);
		return answer;
	};
}

describe("a busy turn's writes", () => {
	test("are grouped from the turn's first request, and committed before any of its answers leaves", async () => {
		const writes = recordedWrites();
		const fetch = logged(writes);
		await Promise.all(Array.from({ length: QUIET_SAMPLE + BUSY_TURN }, (_, i) => fetch(`/warm/${i}`)));
		await turnEnd();
		writes.log.length = 0;
		const answers = [fetch("/a"), fetch("/b")];
		await Promise.all(answers);
		expect(writes.log).toEqual(["group", "made /a", "made /b", "commit", "left /a", "left /b"]);
	});

	test("are not grouped in a quiet turn, whose answers leave at once", async () => {
		const writes = recordedWrites();
		const fetch = logged(writes);
		await Promise.all(Array.from({ length: BUSY_TURN - 1 }, (_, i) => fetch(`/${i}`)));
		await turnEnd();
		writes.log.length = 0;
		await fetch("/alone");
		expect(writes.log).toEqual(["made /alone", "left /alone"]);
	});

	test("when they are lost, every request in flight is answered 500, even one whose answer comes in a later turn; later requests as usual", async () => {
		// The first grouped turn's commit (the turn after the busy one) fails.
		const writes = recordedWrites([false]);
		const fetch = logged(writes);
		await Promise.all(Array.from({ length: QUIET_SAMPLE + BUSY_TURN }, (_, i) => fetch(`/warm/${i}`)));
		await turnEnd();
		const slow = fetch("/slow"); // begun in the turn whose writes are lost, answered after it
		const inTurn = [fetch("/a"), fetch("/b")];
		const answers = await Promise.all(inTurn);
		for (const answer of answers) {
			expect(answer.status).toBe(500);
			expect(await answer.json()).toEqual({ error: "UNKNOWN_ERROR" });
		}
		const late = await slow;
		expect(late.status).toBe(500);
		expect(writes.log.filter((entry) => entry === "commit")).toHaveLength(1); // the slow answer came in a quiet turn
		const after = await fetch("/after");
		expect(after.status).toBe(200);
		expect(await after.text()).toBe("/after");
	});
});

test("through a real listener, each of many concurrent requests gets its own answer", async () => {
	const listener = listenOnTcp("127.0.0.1", 0, async (request) => new Response(new URL(request.url).pathname));
	try {
		for (let round = 0; round < 3; round++) {
			const paths = Array.from({ length: 200 }, (_, i) => `/${round}/${i}`);
			const texts = await Promise.all(paths.map(async (path) => (await fetch(`${listener.url}${path}`)).text()));
			expect(texts).toEqual(paths);
		}
	} finally {
		await listener.stop();
	}
});
