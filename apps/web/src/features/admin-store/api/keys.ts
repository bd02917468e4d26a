/** Query keys of the store administration; a change refetches these and the customer's store. */
export const adminStoreKey = ['admin', 'store'] as const;
export const adminGamesKey = [...adminStoreKey, 'games'] as const;
export const adminPackagesKey = [...adminStoreKey, 'packages'] as const;
export const packagesAdditionalDataKey = [...adminStoreKey, 'packages-additional-data'] as const;
export const adminAddonsKey = [...adminStoreKey, 'addons'] as const;
export const addonsAdditionalDataKey = [...adminStoreKey, 'addons-additional-data'] as const;
export const adminDiscountsKey = [...adminStoreKey, 'discounts'] as const;
export const adminLocationsKey = [...adminStoreKey, 'locations'] as const;
export const gameVariablesKey = (gameId: number) => [...adminStoreKey, 'game-variables', gameId] as const;
export const gameSlotsKey = (gameId: number) => [...adminStoreKey, 'game-slots', gameId] as const;

/**
 * What a store change makes stale: every store administration list, the staff audit log, the public
 * catalogue (['public', ...]) and the customer store's own queries (['store', ...]), so both stores show
 * the change.
 */
export const STORE_CHANGE_KEYS = [adminStoreKey, ['admin', 'audit'], ['public'], ['store']] as const;
