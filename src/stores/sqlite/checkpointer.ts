// Checkpoints the WAL from a worker thread with its own connection (checkpointer-worker.ts), so
// that neither a commit nor the event loop waits for the copy into the database file and its
// fsyncs. See docs/decisions.md, "Checkpoints off the request path".

/** What the writer's thread asks of the checkpointer. */
export type CheckpointerRequest = { type: "start"; path: string; everyMs: number; restartAtPages: number } | { type: "stop" };
/** What the checkpointer tells it. */
export type CheckpointerReply = { type: "stopped" } | { type: "failed"; message: string };

interface CheckpointerOptions {
	everyMs: number;
	/** WAL frames past which a checkpoint also starts the WAL over (RESTART). */
	restartAtPages: number;
	/** Called once if the thread cannot open the database or dies; the writer then checkpoints by itself. */
	onLost(reason: string): void;
}

export interface Checkpointer {
	/** Ends the thread and closes its connection; resolves when both are done. */
	stop(): Promise<void>;
}

// Run from the sources, a module's URL is its own file's. In the compiled executable the worker
// is an entrypoint of its own (build.ts), embedded at its path under src/, and every module's URL
// is the executable's, at the root of those embedded files.
const WORKER_URL = import.meta.url.endsWith("/checkpointer.ts")
	? new URL("./checkpointer-worker.ts", import.meta.url)
	: new URL("./stores/sqlite/checkpointer-worker.ts", import.meta.url);
const STOP_WAIT_MS = 5000;

export function startCheckpointer(path: string, options: CheckpointerOptions): Checkpointer {
	const worker = new Worker(WORKER_URL, { ref: false, smol: true });
	let lost = false;
	/** The thread has ended (or stopped itself after a failed start): nobody would answer a stop. */
	let ended = false;
	let stopping: Promise<void> | null = null;
	let stopped: (() => void) | null = null;
	function lose(reason: string): void {
		if (lost || stopping !== null) return;
		lost = true;
		options.onLost(reason);
	}
	worker.addEventListener("message", function onReply(event: MessageEvent<CheckpointerReply>) {
		const message = event.data;
		if (message.type === "stopped") {
			ended = true;
			stopped?.();
		}
		// A failed start, or a checkpoint that failed later: either way the writer bounds the WAL
		// by itself from now on (the thread still tries at its next tick).
		else if (message.type === "failed") lose(message.message);
	});
	worker.addEventListener("error", function onError(event: ErrorEvent) {
		lose(event.message);
	});
	worker.addEventListener("close", function onClose() {
		ended = true;
		stopped?.();
		lose("the checkpointer's thread ended");
	});
	worker.postMessage({ type: "start", path, everyMs: options.everyMs, restartAtPages: options.restartAtPages } satisfies CheckpointerRequest);
	return {
		stop(): Promise<void> {
			stopping ??= new Promise<void>((resolve) => {
				if (ended) return resolve();
				const timeout = setTimeout(resolve, STOP_WAIT_MS);
				stopped = () => {
					clearTimeout(timeout);
					resolve();
				};
				worker.postMessage({ type: "stop" } satisfies CheckpointerRequest);
			}).then(() => worker.terminate());
			return stopping;
		},
	};
}
