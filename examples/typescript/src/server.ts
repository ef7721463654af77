import { serve } from "@hono/node-server";
import { createApp, type SendEmail } from "./app.js";

// A stand-in for your email provider: prints the message. Never log codes in production.
const printEmail: SendEmail = async (to, subject, text) => {
	console.log(`email to ${to}: ${subject}: ${text}`);
};

// Passkeys work on the origins Holm was started with (--passkey-origin http://localhost:3000).
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "127.0.0.1";
serve({ fetch: createApp(printEmail).fetch, port, hostname }, (info) => {
	console.log(`listening on http://localhost:${info.port}`);
});
