// Every call Holm makes to an identity provider goes through here (API.md section 16): a timeout for
// the whole call, answers of bounded size, TLS verified (fetch's default, never turned off) and no
// redirect followed (a redirect answers as itself, and the library refuses it). A provider that
// hangs, floods or bounces Holm elsewhere costs one request at most this long and this much memory.

export const OUTBOUND_TIMEOUT_MS = 5_000;
/** Discovery documents, key sets, token and user answers are a few KiB; 1 MiB is far beyond any. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** A call that did not give a usable answer: unreachable, too slow, too large. Its message is safe to
 *  log (it never quotes the answer or the request). */
export class OutboundError extends Error {
	override name = "OutboundError";
}

export interface OutboundOptions {
	timeoutMs?: number;
	maxBytes?: number;
}

async function readBounded(response: Response, maxBytes: number): Promise<Uint8Array> {
	const declared = Number(response.headers.get("content-length") ?? "0");
	if (declared > maxBytes) {
		await response.body?.cancel();
		throw new OutboundError(`the answer is larger than ${maxBytes} bytes`);
	}
	if (response.body === null) return new Uint8Array(0);
	const reader = response.body.getReader();
	const chunks: Uint8Array[] = [];
	let size = 0;
	for (;;) {
		const { done, value } = await reader.read();
		if (done) break;
		size += value.byteLength;
		if (size > maxBytes) {
			await reader.cancel();
			throw new OutboundError(`the answer is larger than ${maxBytes} bytes`);
		}
		chunks.push(value);
	}
	const bytes = new Uint8Array(size);
	let at = 0;
	for (const chunk of chunks) {
		bytes.set(chunk, at);
		at += chunk.byteLength;
	}
	return bytes;
}

const NO_BODY = new Set([101, 204, 205, 304]);

/** `base` (fetch, or a test's stand-in) bounded as above. The answer comes back read whole, as a new
 *  Response, so that whoever reads it reads at most `maxBytes`. */
export function boundedFetch(base: typeof fetch, options: OutboundOptions = {}): typeof fetch {
	const timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
	const maxBytes = options.maxBytes ?? MAX_ANSWER_BYTES;
	async function fetchBounded(input: string | URL | Request, init?: RequestInit): Promise<Response> {
		// A timer of its own, cleared once the answer is read: an AbortSignal.timeout would stay armed
		// for the whole timeout after every call and then fire.
		const controller = new AbortController();
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			controller.abort(new OutboundError(`no answer within ${timeoutMs} ms`));
		}, timeoutMs);
		const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
		try {
			const response = await base(input, { ...init, redirect: "manual", signal });
			const body = await readBounded(response, maxBytes);
			return new Response(NO_BODY.has(response.status) ? null : body, { status: response.status, statusText: response.statusText, headers: response.headers });
		} catch (error) {
			if (error instanceof OutboundError) throw error;
			if (timedOut) throw new OutboundError(`no answer within ${timeoutMs} ms`);
			// Only the kind of failure: a message may quote the URL, whose query can hold a code.
			throw new OutboundError(`the provider could not be reached (${error instanceof Error ? error.name : "error"})`);
		} finally {
			clearTimeout(timer);
		}
	}
	return fetchBounded as typeof fetch;
}

/** Whether `error` is, or was caused by, an OutboundError (a library wraps what its fetch threw). */
export function outboundCause(error: unknown): OutboundError | null {
	for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
		if (at instanceof OutboundError) return at;
	}
	return null;
}
