/**
 * Walks one of the SDK's zod (v3) inbound schemas alongside a JSON answer and names every key the
 * answer has that the schema does not declare. The SDK's objects strip unknown keys silently, so a
 * field the emulator spells differently from Mollie would pass its parse unnoticed; this catches it.
 */

/** The parts of a zod v3 schema this walker reads (`_def` is zod's own, stable across v3). */
interface ZodLike {
  _def: {
    typeName?: string;
    schema?: ZodLike;
    getter?: () => ZodLike;
    innerType?: ZodLike;
    type?: ZodLike;
    options?: ZodLike[];
    in?: ZodLike;
    shape?: () => Record<string, ZodLike>;
    catchall?: ZodLike;
    unknownKeys?: string;
  };
}

function unwrap(schema: ZodLike): ZodLike {
  let s = schema;
  for (let i = 0; i < 50; i++) {
    const d = s._def;
    if (d.typeName === 'ZodEffects' && d.schema) s = d.schema;
    else if (d.typeName === 'ZodLazy' && d.getter) s = d.getter();
    else if (
      (d.typeName === 'ZodOptional' || d.typeName === 'ZodNullable' || d.typeName === 'ZodDefault') &&
      d.innerType
    )
      s = d.innerType;
    else if (d.typeName === 'ZodPipeline' && d.in) s = d.in;
    else return s;
  }
  return s;
}

/**
 * The keys of `value` (paths like `_links.checkout.foo`) that `schema` does not declare.
 * @param schema an SDK `...$inboundSchema`
 * @param value the answer's parsed JSON
 */
export function undeclaredKeys(schema: unknown, value: unknown, path = ''): string[] {
  const s = unwrap(schema as ZodLike);
  const d = s._def;
  if (value === null || value === undefined) return [];
  if (d.typeName === 'ZodArray' && d.type && Array.isArray(value)) {
    return value.flatMap((item, i) => undeclaredKeys(d.type, item, `${path}[${i}]`));
  }
  if (d.typeName === 'ZodUnion' && d.options) {
    // The option that explains the value best: fewest undeclared keys.
    const tries = d.options.map((option) => undeclaredKeys(option, value, path));
    return tries.reduce((best, t) => (t.length < best.length ? t : best), tries[0] ?? []);
  }
  if (d.typeName === 'ZodObject' && d.shape && typeof value === 'object' && !Array.isArray(value)) {
    const shape = d.shape();
    const open = d.unknownKeys === 'passthrough' || (d.catchall && d.catchall._def.typeName !== 'ZodNever');
    const out: string[] = [];
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const at = path ? `${path}.${key}` : key;
      const field = shape[key];
      if (field) out.push(...undeclaredKeys(field, child, at));
      else if (!open) out.push(at);
    }
    return out;
  }
  return [];
}
