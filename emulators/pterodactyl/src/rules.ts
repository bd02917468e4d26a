/**
 * A small Laravel validation engine: the subset of rules the panel's requests and egg variables use.
 * Messages follow the panel's `lang/en/validation.php`. Like Laravel, a field reports every failed rule
 * (one 422 entry each) unless an implicit rule failed or the field has `bail`.
 */

/** One failed rule of one field, as the panel reports it in a 422 entry. */
export interface ValidationIssue {
  /** dotted path, e.g. `limits.memory` or `environment.SERVER_JARFILE` */
  field: string;
  /** the rule name, e.g. `required`, `regex`, `unique` */
  rule: string;
  detail: string;
}

/**
 * Extra rule predicates by name (e.g. `unique`, `exists`): true when the value passes, false when it fails
 * with the default message, or the failure message.
 */
export type CustomRules = Record<string, (value: unknown) => boolean | string>;

const IMPLICIT = new Set(['required', 'present', 'required_with']);
const INTEGER = /^[+-]?(0|[1-9]\d*)$/;
const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function isNumeric(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isFinite(value)) ||
    (typeof value === 'string' && NUMERIC.test(value))
  );
}

function isInteger(value: unknown): boolean {
  return (
    (typeof value === 'number' && Number.isInteger(value)) ||
    (typeof value === 'string' && INTEGER.test(value))
  );
}

/** Laravel's `url`: a scheme, `://` and a host (its own pattern lists the schemes; these are the usual). */
function isUrl(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+/i.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
}

/** Converts a PHP regex literal such as `/^([\w\d._-]+)(\.jar)$/i` to a RegExp; null when malformed. */
export function phpRegex(literal: string): RegExp | null {
  const delimiter = literal[0];
  const end = delimiter ? literal.lastIndexOf(delimiter) : -1;
  if (!delimiter || end <= 0) return null;
  const flags = literal.slice(end + 1).replace(/[^imsu]/g, '');
  try {
    return new RegExp(literal.slice(1, end), flags.includes('u') ? flags : `${flags}u`);
  } catch {
    return null;
  }
}

/** Splits a rule string (`required|string|max:20`) as Laravel does: on every `|`. */
export function splitRules(rules: string | string[]): string[] {
  return (Array.isArray(rules) ? rules : rules.split('|')).map((r) => r.trim()).filter((r) => r.length > 0);
}

/** Laravel's ValidationRuleParser normalises these short names before validating. */
const ALIASES: Record<string, string> = { int: 'integer', bool: 'boolean' };

function parseRule(rule: string): { name: string; param: string } {
  const colon = rule.indexOf(':');
  const name = colon < 0 ? rule : rule.slice(0, colon);
  return { name: ALIASES[name] ?? name, param: colon < 0 ? '' : rule.slice(colon + 1) };
}

function sizeOf(value: unknown, numeric: boolean): number {
  if (numeric && isNumeric(value)) return Number(value);
  if (Array.isArray(value)) return value.length;
  return [...String(value ?? '')].length;
}

function sizeMessage(
  kind: 'max' | 'min' | 'between',
  attribute: string,
  numeric: boolean,
  param: string,
): string {
  const [a, b] = param.split(',');
  const unit = numeric ? '' : ' characters';
  if (kind === 'max') return `The ${attribute} may not be greater than ${a}${unit}.`;
  if (kind === 'min') return `The ${attribute} must be at least ${a}${unit}.`;
  return `The ${attribute} must be between ${a} and ${b}${unit}.`;
}

/** Returns the message when `value` fails `name`, or null when it passes. */
function check(
  name: string,
  param: string,
  value: unknown,
  present: boolean,
  attribute: string,
  numeric: boolean,
  custom: CustomRules,
): string | null {
  switch (name) {
    case 'required':
      return value === null || value === undefined || (Array.isArray(value) && value.length === 0)
        ? `The ${attribute} field is required.`
        : null;
    case 'present':
      return present ? null : `The ${attribute} field must be present.`;
    case 'string':
      return typeof value === 'string' ? null : `The ${attribute} must be a string.`;
    case 'integer':
      return isInteger(value) ? null : `The ${attribute} must be an integer.`;
    case 'numeric':
      return isNumeric(value) ? null : `The ${attribute} must be a number.`;
    case 'boolean':
      return [true, false, 0, 1, '0', '1'].includes(value as never)
        ? null
        : `The ${attribute} field must be true or false.`;
    case 'array':
      return typeof value === 'object' && value !== null ? null : `The ${attribute} must be an array.`;
    case 'email':
      return typeof value === 'string' && EMAIL.test(value)
        ? null
        : `The ${attribute} must be a valid email address.`;
    case 'in':
      return param.split(',').includes(String(value)) ? null : `The selected ${attribute} is invalid.`;
    case 'regex': {
      const re = phpRegex(param);
      const ok =
        (typeof value === 'string' || typeof value === 'number') && re !== null && re.test(String(value));
      return ok ? null : `The ${attribute} format is invalid.`;
    }
    case 'alpha_num':
      return /^[\p{L}\p{M}\p{N}]+$/u.test(String(value))
        ? null
        : `The ${attribute} may only contain letters and numbers.`;
    case 'alpha':
      return typeof value === 'string' && /^[\p{L}\p{M}]+$/u.test(value)
        ? null
        : `The ${attribute} may only contain letters.`;
    case 'alpha_dash':
      return /^[\p{L}\p{M}\p{N}_-]+$/u.test(String(value))
        ? null
        : `The ${attribute} may only contain letters, numbers, dashes and underscores.`;
    case 'max':
      return sizeOf(value, numeric) <= Number(param) ? null : sizeMessage('max', attribute, numeric, param);
    case 'min':
      return sizeOf(value, numeric) >= Number(param) ? null : sizeMessage('min', attribute, numeric, param);
    case 'size': {
      const unit = numeric ? '' : ' characters';
      return sizeOf(value, numeric) === Number(param) ? null : `The ${attribute} must be ${param}${unit}.`;
    }
    case 'digits':
      return /^\d*$/.test(String(value)) && String(value).length === Number(param)
        ? null
        : `The ${attribute} must be ${param} digits.`;
    case 'digits_between': {
      const [lo, hi] = param.split(',').map(Number);
      const text = String(value);
      return /^\d*$/.test(text) && text.length >= (lo ?? 0) && text.length <= (hi ?? 0)
        ? null
        : `The ${attribute} must be between ${lo} and ${hi} digits.`;
    }
    case 'url':
      return isUrl(value) ? null : `The ${attribute} format is invalid.`;
    case 'between': {
      const [lo, hi] = param.split(',').map(Number);
      const size = sizeOf(value, numeric);
      return size >= (lo ?? 0) && size <= (hi ?? 0)
        ? null
        : sizeMessage('between', attribute, numeric, param);
    }
    default: {
      const predicate = custom[name];
      if (!predicate) return null;
      const result = predicate(value);
      if (result === true) return null;
      if (typeof result === 'string') return result;
      return name === 'unique'
        ? `The ${attribute} has already been taken.`
        : `The selected ${attribute} is invalid.`;
    }
  }
}

/**
 * Validates one value against Laravel rules, as Laravel's Validator does: every rule runs, except that a
 * field stops at a failed implicit rule (`required`, `present`, `required_with`) or, with `bail`, at its
 * first failure.
 * @param value the value (undefined when the key is absent)
 * @param present whether the key exists in the input
 * @param attribute display name used in the message (Laravel replaces `_` by spaces)
 * @returns each failed rule with its message, in rule order; [] when all pass
 */
export function failedRules(
  value: unknown,
  present: boolean,
  rules: string | string[],
  attribute: string,
  custom: CustomRules = {},
): Array<{ rule: string; detail: string }> {
  const list = splitRules(rules).map(parseRule);
  const names = new Set(list.map((r) => r.name));
  if (names.has('sometimes') && !present) return [];
  if (names.has('nullable') && (value === null || value === undefined)) return [];
  const numeric = names.has('numeric') || names.has('integer');
  const failures: Array<{ rule: string; detail: string }> = [];
  for (const { name, param } of list) {
    if (name === 'sometimes' || name === 'nullable' || name === 'bail') continue;
    const validatable = IMPLICIT.has(name) || (present && value !== undefined);
    if (!validatable) continue;
    const detail = check(name, param, value, present, attribute, numeric, custom);
    if (!detail) continue;
    failures.push({ rule: name, detail });
    if (IMPLICIT.has(name) || names.has('bail')) break;
  }
  return failures;
}

/** The first of `failedRules`, or null when all pass. */
export function checkRules(
  value: unknown,
  present: boolean,
  rules: string | string[],
  attribute: string,
  custom: CustomRules = {},
): { rule: string; detail: string } | null {
  return failedRules(value, present, rules, attribute, custom)[0] ?? null;
}

/** Reads a dotted path (`limits.memory`) from a parsed JSON body; `present` tells whether the key exists. */
export function readPath(input: unknown, path: string): { value: unknown; present: boolean } {
  let current: unknown = input;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null || !(key in current))
      return { value: undefined, present: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { value: current, present: true };
}

/**
 * Validates a body against a map of dotted field -> rules.
 * @param attributes display names of fields in messages, as a panel request's `attributes()` renames them
 *   (default: the field with `_` as spaces)
 * @returns one issue per failed rule (see `failedRules`), fields in the order of the map
 */
export function validateFields(
  input: unknown,
  rules: Record<string, string>,
  custom: Record<string, CustomRules> = {},
  attributes: Record<string, string> = {},
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const [field, fieldRules] of Object.entries(rules)) {
    const { value, present } = readPath(input, field);
    const attribute = attributes[field] ?? field.replace(/_/g, ' ');
    for (const failed of failedRules(value, present, fieldRules, attribute, custom[field]))
      issues.push({ field, ...failed });
  }
  return issues;
}

/**
 * Trims strings and turns empty strings into null, recursively — the panel's global TrimStrings and
 * ConvertEmptyStringsToNull middleware run before validation.
 */
export function normaliseInput(input: unknown): unknown {
  if (typeof input === 'string') {
    const trimmed = input.trim();
    return trimmed === '' ? null : trimmed;
  }
  if (Array.isArray(input)) return input.map(normaliseInput);
  if (typeof input === 'object' && input !== null) {
    return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, normaliseInput(v)]));
  }
  return input;
}
