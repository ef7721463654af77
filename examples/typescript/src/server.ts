import { serve } from "@hono/node-server";
import { createApp } from "./app.js";

// Passkeys work on the origins Holm was started with (--passkey-origin http://localhost:3000).
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "127.0.0.1";
serve({ fetch: createApp().fetch, port, hostname }, (info) => {
	console.log(`listening on http://localhost:${info.port}`);
});
