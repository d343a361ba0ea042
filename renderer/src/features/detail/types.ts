// Types the detail view's parts share, derived from the contract (never restated).
import type { AppContract } from '../../../../shared/contract';
import type { MethodInput } from '../../../../shared/rpc';
import type { InspectMethod } from '../../stores/detail-slice';

export type { InspectTemplate } from '../../../../shared/contract';
export type { InspectMethod };
export type MethodInputOf<M extends InspectMethod> = MethodInput<AppContract, M>;
