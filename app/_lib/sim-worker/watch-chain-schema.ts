// A watch-chain hop's wire shape, apart from the recorder so the page's bundle stays small.
import { z } from 'zod';

export const hopKinds = ['request', 'etcd-write', 'watch-event', 'reconcile', 'bind', 'status'] as const;
export type HopKind = (typeof hopKinds)[number];

const text = z.object({ ko: z.string().max(400), en: z.string().max(400) });
const explanation = z.object({ ko: z.string().max(1200), en: z.string().max(1200) });

export const hopSchema = z.object({
  /** unique and increasing within one recorder (a React key, a "step to" target) */
  id: z.number().int().min(1),
  tick: z.number().int().min(0),
  from: z.string().min(1).max(128),
  to: z.string().min(1).max(128),
  kind: z.enum(hopKinds),
  label: text,
  explanation,
  revision: z.number().int().min(0).optional(),
});
export type Hop = z.infer<typeof hopSchema>;
