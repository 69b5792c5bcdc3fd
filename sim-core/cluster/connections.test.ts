// A killed API client's watches end on the API server: its host closes the process's
// connections (a FIN on each), so nothing keeps streaming to an address whose next life
// never asked for it — without this, a restarted kubelet got every Pod event twice, once
// for its new watch and once for the dead one's, whose request number it reused.
import { describe, expect, it } from 'vitest';
import { createSimulation } from './index';

describe('a killed client’s watches', () => {
  it.each(['kubelet@node-1', 'kube-proxy@node-2', 'kube-scheduler'])('%s: end when it dies and are not doubled when it restarts', (address) => {
    const sim = createSimulation({ topology: 'default', seed: 11 });
    sim.tick(300);
    const running = sim.apiServer.watchesOf(address);
    expect(running).toBeGreaterThan(0);
    expect(sim.control.kill(address).ok).toBe(true);
    sim.tick(50);
    expect(sim.apiServer.watchesOf(address)).toBe(0);
    expect(sim.control.restart(address).ok).toBe(true);
    // a restarted scheduler waits out the old leader's Lease (15 s) before it watches again
    sim.tick(2_500);
    expect(sim.apiServer.watchesOf(address)).toBe(running);
  });

  it('a whole node going down closes both of its agents’ watches', () => {
    const sim = createSimulation({ topology: 'default', seed: 12 });
    sim.tick(300);
    expect(sim.control.kill('node-3').ok).toBe(true);
    sim.tick(50);
    expect(sim.apiServer.watchesOf('kubelet@node-3') + sim.apiServer.watchesOf('kube-proxy@node-3')).toBe(0);
    expect(sim.apiServer.watchesOf('kubelet@node-1')).toBe(1);
  });
});
