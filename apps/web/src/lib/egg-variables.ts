/**
 * Egg variables in the web forms (issue 28 point 3): the order dialog, server details and the staff game
 * form check each value with the contracts' `checkEggVariable` (the rule the API applies too) and show one
 * message per failed Laravel rule, naming the field. The server's 400 `variable` answer
 * (`errors: [{ path: env_variable, msg: rule[:param] }]`) maps to the same messages.
 * Texts live in the common namespace (`eggVariables.*`), loaded on every page.
 */
import {
  checkEggVariable,
  type EggRules,
  readableVariableName,
  ruleList,
} from '@falkenhost/contracts/egg-variables';
import { REASONS } from '@falkenhost/contracts/errors';
import type { ApiResult } from './api-client';

/** What a message needs to know of a variable: its name as the panel gives it, and its rules. */
export interface VariableLabel {
  env_variable: string;
  name: string;
  rules: EggRules;
}

/** A failed rule: Laravel's name (`required`, `max`...) or ours (`read-only`, `missing`), and its argument. */
export interface VariableProblem {
  rule: string;
  param: string;
}

/** An i18n key (with its namespace prefix, `common:`) and its values. */
export interface VariableText {
  key: string;
  values: Record<string, string | number>;
}

const PREFIX = 'common:eggVariables.rules';

/** Rules whose message is one text naming the field. */
const PLAIN: Record<string, string> = {
  required: 'required',
  // Laravel's `string` fails only for an empty value (ConvertEmptyStringsToNull): the same message.
  string: 'required',
  alpha: 'alpha',
  alpha_num: 'alphaNum',
  alpha_dash: 'alphaDash',
  integer: 'integer',
  int: 'integer',
  numeric: 'numeric',
  boolean: 'boolean',
  bool: 'boolean',
  regex: 'regex',
  'read-only': 'readOnly',
  missing: 'missing',
};

/** Whether the rules compare numbers (`numeric` or `integer`) rather than count characters. */
function comparesNumbers(rules: EggRules): boolean {
  return ruleList(rules).some((rule) => rule.name === 'numeric' || rule.name === 'integer');
}

/**
 * The message of a failed rule of one variable: `max`, `min`, `size` and `between` speak of characters
 * (plural by the limit) or of numbers when the rules compare numbers, as checkEggVariable does; `in` lists
 * the allowed values; a rule we have no text for gets the generic message.
 * @param problem the failed rule, e.g. `{ rule: 'max', param: '33' }`
 * @param field the variable (its `name` names the field in the message)
 * @returns the key (with `common:`) and its interpolation values
 */
export function variableText(problem: VariableProblem, field: VariableLabel): VariableText {
  const name = field.name || readableVariableName('', field.env_variable);
  const plain = PLAIN[problem.rule];
  if (plain) return { key: `${PREFIX}.${plain}`, values: { name } };
  const numbers = comparesNumbers(field.rules);
  const limit = Number(problem.param);
  switch (problem.rule) {
    case 'max':
    case 'min':
    case 'size':
      if (!Number.isFinite(limit)) break;
      return numbers
        ? { key: `${PREFIX}.${problem.rule}Number`, values: { name, limit: problem.param } }
        : { key: `${PREFIX}.${problem.rule}Chars`, values: { name, count: limit } };
    case 'between': {
      const [min, max] = problem.param.split(',').map((n) => Number(n));
      if (!Number.isFinite(min) || !Number.isFinite(max)) break;
      return numbers
        ? { key: `${PREFIX}.betweenNumber`, values: { name, min: String(min), max: String(max) } }
        : { key: `${PREFIX}.betweenChars`, values: { name, min: String(min), count: max as number } };
    }
    case 'in':
      return { key: `${PREFIX}.in`, values: { name, values: problem.param.split(',').join(', ') } };
  }
  return { key: `${PREFIX}.generic`, values: { name } };
}

/**
 * The client's check of one value, as its message; null when the panel would accept it.
 * @param field the variable with its Laravel rules
 * @param value the value typed ('' for none)
 */
export function variableValueText(field: VariableLabel, value: string): VariableText | null {
  const failed = checkEggVariable(field.rules, value);
  return failed ? variableText(failed, field) : null;
}

/** One problem of the server's 400 variable answer: the variable's env name and its failed rule. */
export interface VariableIssue extends VariableProblem {
  variable: string;
}

/**
 * The problems of a 400 `variable` answer (`errors: [{ path, msg: 'rule' | 'rule:param' }]`), in the order
 * sent; null for any other answer.
 */
export function variableIssues(answer: Pick<ApiResult<unknown>, 'status' | 'error'>): VariableIssue[] | null {
  if (answer.status !== 400 || answer.error?.reason !== REASONS.variable) return null;
  return (answer.error.errors ?? []).map(({ path, msg }) => {
    const colon = msg.indexOf(':');
    return {
      variable: String(path ?? ''),
      rule: colon < 0 ? msg : msg.slice(0, colon),
      param: colon < 0 ? '' : msg.slice(colon + 1),
    };
  });
}

/**
 * The messages of a 400 `variable` answer per variable, each naming its field by the `fields` the form
 * shows (a variable the form does not know is named by its env name).
 * @returns env_variable -> message, or null for any other answer
 */
export function variableAnswerTexts(
  answer: Pick<ApiResult<unknown>, 'status' | 'error'>,
  fields: readonly VariableLabel[],
): Map<string, VariableText> | null {
  const issues = variableIssues(answer);
  if (!issues) return null;
  const texts = new Map<string, VariableText>();
  for (const issue of issues) {
    if (texts.has(issue.variable)) continue;
    const field = fields.find((f) => f.env_variable === issue.variable) ?? {
      env_variable: issue.variable,
      name: issue.variable,
      rules: '',
    };
    texts.set(issue.variable, variableText(issue, field));
  }
  return texts;
}
