/** The top-level names of a Graph API `fields` parameter (`id,name,campaign{id,name}` → id, name, campaign). */
export function topLevelFields(param: string | undefined): Set<string> {
  const out = new Set<string>();
  if (!param) return out;
  let depth = 0;
  let current = '';
  for (const ch of param) {
    if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      if (current.trim()) out.add(current.trim());
      current = '';
    } else if (depth === 0) current += ch;
  }
  if (current.trim()) out.add(current.trim());
  // `field.limit(5)` and similar modifiers name the field before the dot.
  return new Set([...out].map((f) => f.replace(/\..*$/, '')));
}

/** Keeps the requested fields of an object (all of them when none were requested). */
export function pick(
  object: Record<string, unknown>,
  fields: Set<string>,
  always: string[] = ['id'],
): Record<string, unknown> {
  if (fields.size === 0) return object;
  const out: Record<string, unknown> = {};
  for (const key of [...always, ...fields]) if (object[key] !== undefined) out[key] = object[key];
  return out;
}

/**
 * The fields asked inside `name{…}` at the top level of a `fields` parameter (`creative{id,image_hash}` →
 * id, image_hash), or undefined when the field is not asked with sub-fields (Graph then answers its defaults).
 */
export function nestedFields(param: string | undefined, name: string): Set<string> | undefined {
  if (!param) return undefined;
  let depth = 0;
  let current = '';
  let inner: string | undefined;
  for (const ch of param) {
    if (ch === '{') {
      depth++;
      if (depth === 1 && current.trim() === name) inner = '';
      else if (inner !== undefined) inner += ch;
      continue;
    }
    if (ch === '}') {
      depth--;
      if (depth === 0 && inner !== undefined) return topLevelFields(inner);
      if (inner !== undefined) inner += ch;
      continue;
    }
    if (inner !== undefined) inner += ch;
    else if (ch === ',' && depth === 0) current = '';
    else if (depth === 0) current += ch;
  }
  return undefined;
}
