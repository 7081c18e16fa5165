import type { BenchSimulator } from './bench-simulator.js';
import { TILL_ADMIN_VARIABLE } from './group-shape.js';

/** The value of the manifest's deviceAdmin variable in every group the benchmark fills. */
export const DEVICE_ADMIN = 'bench-till-admin-secret';

/** The whole environment of a paycfg child: what paycfg needs for one group, never the benchmark's own. */
export function paycfgEnv(sim: BenchSimulator, groupId: string): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '',
    PAYCFG_BASE_URL: sim.url,
    PAYCFG_TOKEN: sim.token(groupId),
    [TILL_ADMIN_VARIABLE]: DEVICE_ADMIN,
    CI: 'true',
    NO_COLOR: '1',
  };
}
