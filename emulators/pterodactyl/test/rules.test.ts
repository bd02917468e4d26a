import { describe, expect, it } from 'vitest';
import { validateEggVariables } from '../src/egg-variables';
import { checkRules, failedRules, normaliseInput, phpRegex } from '../src/rules';
import { createEmulatorState } from '../src/state/state';

describe('Laravel rules', () => {
  const jar = 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/';

  it('checks the SERVER_JARFILE rule', () => {
    expect(checkRules('server.jar', true, jar, 'x')).toBeNull();
    expect(checkRules('server.zip', true, jar, 'x')?.rule).toBe('regex');
    expect(checkRules(null, true, jar, 'Server Jar File variable')).toEqual({
      rule: 'required',
      detail: 'The Server Jar File variable field is required.',
    });
  });

  it('treats numeric sizes and nullable values like Laravel', () => {
    expect(checkRules('300', true, 'required|integer|between:1,255', 'x')?.rule).toBe('between');
    expect(checkRules('12345678901234567890a', true, 'required|string|max:20', 'x')?.rule).toBe('max');
    expect(checkRules(null, true, 'nullable|integer', 'x')).toBeNull();
    expect(checkRules(undefined, false, 'sometimes|integer', 'x')).toBeNull();
    expect(checkRules('2', true, 'required|numeric|in:1,2,3', 'x')).toBeNull();
    expect(checkRules('1', true, 'required|boolean', 'x')).toBeNull();
    expect(checkRules('maybe', true, 'required|boolean', 'x')?.rule).toBe('boolean');
    expect(checkRules('no spaces', true, 'nullable|alpha_dash', 'x')?.rule).toBe('alpha_dash');
  });

  // Rules the panel's stock eggs use besides those above (e.g. CS:GO's STEAM_ACC `size:32`).
  it('checks size, digits, digits_between and url', () => {
    const steam = 'required|string|alpha_num|size:32';
    expect(checkRules('A'.repeat(32), true, steam, 'x')).toBeNull();
    expect(checkRules('A'.repeat(31), true, steam, 'Steam Account Token variable')).toEqual({
      rule: 'size',
      detail: 'The Steam Account Token variable must be 32 characters.',
    });
    expect(checkRules('5', true, 'integer|size:5', 'x')).toBeNull();
    expect(checkRules('1234', true, 'digits:4', 'x')).toBeNull();
    expect(checkRules('12a4', true, 'digits:4', 'x')?.rule).toBe('digits');
    expect(checkRules('123', true, 'digits_between:1,5', 'x')).toBeNull();
    expect(checkRules('123456', true, 'digits_between:1,5', 'x')?.detail).toBe(
      'The x must be between 1 and 5 digits.',
    );
    expect(checkRules('https://example.com/pack.zip', true, 'nullable|url', 'x')).toBeNull();
    expect(checkRules('example.com/pack.zip', true, 'nullable|url', 'x')?.rule).toBe('url');
  });

  it('reports every failed rule of a field, unless an implicit rule failed or it has bail', () => {
    const steam = 'required|string|alpha_num|size:32';
    expect(failedRules('ab!', true, steam, 'x').map((f) => f.rule)).toEqual(['alpha_num', 'size']);
    expect(failedRules('ab!', true, `bail|${steam}`, 'x').map((f) => f.rule)).toEqual(['alpha_num']);
    expect(failedRules(null, true, steam, 'x').map((f) => f.rule)).toEqual(['required']);
  });

  it('converts PHP regex literals and empty strings', () => {
    expect(phpRegex('/^[a-z]+$/i')?.test('ABC')).toBe(true);
    expect(phpRegex('nope')).toBeNull();
    expect(normaliseInput({ a: '  ', b: [' x '], c: 1 })).toEqual({ a: null, b: ['x'], c: 1 });
  });
});

describe('default seed eggs', () => {
  it("accept their own defaults, except the panel's eggs with a required value and no default", () => {
    const state = createEmulatorState({ publicUrl: 'http://localhost', wingsSocketBase: 'ws://localhost' });
    expect(state.db.eggs).toHaveLength(9 + 2 + 1 + 1 + 1 + 1 + 1);
    const refused: Record<string, string[]> = {};
    for (const egg of state.db.eggs) {
      const defaults = Object.fromEntries(
        egg.variables.map((v) => [v.env_variable, normaliseInput(v.default_value)]),
      );
      const issues = validateEggVariables(egg, defaults);
      if (issues.length > 0) refused[egg.name] = issues.map((i) => `${i.field} ${i.rule}`);
    }
    // The panel's FiveM and CS:GO eggs ship these empty: a server made with defaults alone is refused.
    expect(refused).toEqual({
      FiveM: ['environment.FIVEM_LICENSES required'],
      'Counter-Strike: Global Offensive': ['environment.STEAM_ACC required'],
    });
    state.close();
  });

  it('knows size and the short names bool and int, as Laravel normalises them', () => {
    expect(checkRules('a'.repeat(31), true, 'required|string|alpha_num|size:32', 'x')?.rule).toBe('size');
    expect(checkRules('a'.repeat(32), true, 'required|string|alpha_num|size:32', 'x')).toBeNull();
    expect(checkRules('2', true, 'required|bool', 'x')?.rule).toBe('boolean');
    expect(checkRules('1', true, 'required|bool', 'x')).toBeNull();
    expect(checkRules('1.5', true, 'required|int', 'x')?.rule).toBe('integer');
  });
});
