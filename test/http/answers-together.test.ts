// Under load the answers of a turn leave together at its end; at low load each leaves at once
// (src/http/answers-together.ts). The wrapper is called as Bun.serve calls it, then through a real
// listener, where the point is that every held answer still reaches its own request.
import { describe, expect, test } from "bun:test";
import { BUSY_TURN, QUIET_SAMPLE, answersTogether } from "../../src/http/answers-together.ts";
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
