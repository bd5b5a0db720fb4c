import { describe, expect, it } from 'vitest';
import { parseConfig, serializeConfig } from '../../playground/page-config';
import { parseEmulatorState } from '../../playground/page/emulator-link';

describe('the playground page config', () => {
  it('round-trips and cannot end the script element it sits in', () => {
    const config = { emulator: { libraryUrl: 'http://127.0.0.1:1/</script>', builderUrl: 'http://127.0.0.1:2' }, allowedDomains: ['https://a.example'], permissions: ['currentuser'] };
    const text = serializeConfig(config);
    expect(text).not.toContain('</script>');
    expect(parseConfig(text)).toEqual(config);
    expect(parseConfig(serializeConfig({ emulator: null, allowedDomains: null, permissions: null }))).toEqual({ emulator: null, allowedDomains: null, permissions: null });
  });

  it('reports malformed configs in words', () => {
    expect(() => parseConfig('{')).toThrow('not JSON');
    expect(() => parseConfig('{}')).toThrow('no "emulator" entry');
    expect(() => parseConfig('{"emulator": {"libraryUrl": 1}}')).toThrow('needs libraryUrl and builderUrl strings');
    expect(() => parseConfig('{"emulator": null, "allowedDomains": [1]}')).toThrow('"allowedDomains" must be a list of strings or null');
    expect(() => parseConfig('{"emulator": null, "permissions": "currentuser"}')).toThrow('"permissions" must be a list of strings or null');
  });
});

describe('the emulator state', () => {
  const body = {
    library: { base_url: 'http://127.0.0.1:4010', keys: { demo: 'env_live_demo1234', other: 'env_live_other1234', revoked: 'env_live_revoked12' } },
    builder: { base_url: 'http://127.0.0.1:4011', keys: { demo: 'ef_demo', other: 'ef_other' }, design_systems: ['ds_1', 7] },
  };

  it('is read into base URLs, keys and design systems', () => {
    const state = parseEmulatorState(body);
    expect(state.library).toEqual({ baseUrl: 'http://127.0.0.1:4010', keys: { demo: 'env_live_demo1234', other: 'env_live_other1234', revoked: 'env_live_revoked12' } });
    expect(state.builder.keys.demo).toBe('ef_demo');
    expect(state.builder.designSystems).toEqual(['ds_1']);
  });

  it('names what is missing', () => {
    expect(() => parseEmulatorState(null)).toThrow('The emulator state is not an object.');
    expect(() => parseEmulatorState({ ...body, builder: { ...body.builder, keys: {} } })).toThrow('state.builder.keys.demo is missing.');
  });
});
