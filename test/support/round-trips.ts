// A TCP relay in front of PostgreSQL (or a pooler) that counts round trips: each time the client
// sends after the server last spoke is one. Tests use it to hold a write to its round trips.
import type { Socket } from "bun";

export interface RoundTripCounter {
	/** The database URL, through the relay. */
	url: string;
	/** Round trips so far, on every connection through the relay. */
	readonly count: number;
	stop(): void;
}

interface Side {
	upstream: Socket<undefined> | null;
	pending: Uint8Array[];
	serverSpoke: boolean;
}

export async function countRoundTrips(databaseUrl: string): Promise<RoundTripCounter> {
	const target = new URL(databaseUrl);
	const port = target.port || "5432";
	// A private test server listens on a Unix socket in the directory ?path= names.
	const socketDir = target.searchParams.get("path");
	let count = 0;
	const relay = Bun.listen<Side>({
		hostname: "127.0.0.1",
		port: 0,
		socket: {
			async open(client) {
				client.data = { upstream: null, pending: [], serverSpoke: true };
				const socket = {
					data(_socket: Socket<undefined>, chunk: Buffer) {
						client.data.serverSpoke = true;
						client.write(chunk);
					},
					close: () => void client.end(),
					error: () => void client.end(),
				};
				const upstream =
					socketDir === null
						? await Bun.connect({ hostname: target.hostname, port: Number(port), socket })
						: await Bun.connect({ unix: `${socketDir}/.s.PGSQL.${port}`, socket });
				client.data.upstream = upstream;
				for (const chunk of client.data.pending) upstream.write(chunk);
				client.data.pending = [];
			},
			data(client, chunk) {
				if (client.data.serverSpoke) count++;
				client.data.serverSpoke = false;
				if (client.data.upstream === null) client.data.pending.push(new Uint8Array(chunk));
				else client.data.upstream.write(chunk);
			},
			close: (client) => void client.data.upstream?.end(),
		},
	});
	const url = new URL(databaseUrl);
	url.hostname = "127.0.0.1";
	url.port = String(relay.port);
	url.searchParams.delete("path");
	return {
		url: url.toString(),
		get count() {
			return count;
		},
		stop: () => relay.stop(true),
	};
}
