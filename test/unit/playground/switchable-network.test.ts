import { describe, expect, it } from 'vitest';
import { createSwitchableNetwork } from '../../playground/page/switchable-network';

describe('the playground network switch', () => {
  const base = (url: string) => Promise.resolve(`answer from ${url}`);

  it('passes calls through when normal', async () => {
    const network = createSwitchableNetwork(base);
    await expect(network.call('https://a.test')).resolves.toBe('answer from https://a.test');
  });

  it('fails like a fetch that got no response', async () => {
    const network = createSwitchableNetwork(base);
    network.setMode('fail');
    await expect(network.call('https://a.test')).rejects.toThrow(TypeError);
    network.setMode('normal');
    await expect(network.call('https://a.test')).resolves.toBe('answer from https://a.test');
  });

  it('hangs: the call never settles', async () => {
    const network = createSwitchableNetwork(base);
    network.setMode('hang');
    let settled = false;
    void network.call('https://a.test').finally(() => {
      settled = true;
    });
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(settled).toBe(false);
    expect(network.hangingCount()).toBe(1);
  });

  it('refuses an unknown mode in words', () => {
    const network = createSwitchableNetwork(base);
    expect(() => network.setMode('slow' as never)).toThrow('Unknown network mode "slow"; use normal, fail or hang.');
  });
});
