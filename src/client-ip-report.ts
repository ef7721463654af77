// A client_ip that is no IP address, even without a port, a zone and spaces (API.md section 1),
// is still a limit key, but it usually means an integration sends something else: "unknown", a
// whole X-Forwarded-For list, a host name. Each one is counted in /metrics; a warning goes to the
// log at most once a minute, so a busy integration cannot fill the log, with how many came since
// the last one and the first characters of the value (the logger escapes whatever they hold).
import type { Logger } from "./log.ts";
import type { Metrics } from "./metrics.ts";

const LOG_INTERVAL_MS = 60_000;
/** Enough of the value to recognise what the integration sends; not a place to store it. */
const SAMPLE_CHARACTERS = 24;

export interface ClientIpReport {
	notAnAddress(value: string): void;
}

export function createClientIpReport(metrics: Metrics, log: Logger, now: () => number): ClientIpReport {
	let lastLoggedAt = -Infinity;
	let sinceLast = 0;
	return {
		notAnAddress(value) {
			metrics.clientIpNotAnAddress();
			sinceLast++;
			const at = now();
			if (at - lastLoggedAt < LOG_INTERVAL_MS) return;
			lastLoggedAt = at;
			const characters = [...value];
			log.warn("a client_ip is not an IP address; it is used as a limit key as it is. Check what the integration sends as client_ip", {
				sample: characters.slice(0, SAMPLE_CHARACTERS).join(""),
				length: characters.length,
				since_last: sinceLast,
			});
			sinceLast = 0;
		},
	};
}
