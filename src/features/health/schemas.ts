import { z } from "zod";

/** GET /health's answer: 200 "ok", 503 "unavailable". */
export const healthAnswer = z.object({ status: z.enum(["ok", "unavailable"]) });
