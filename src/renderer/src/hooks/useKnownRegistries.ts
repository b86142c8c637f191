import type { KnownRegistry } from '@shared/ipc/contract'
import { useKnownRegistriesQuery } from '@renderer/store/mainApi'

const NONE: KnownRegistry[] = []

/**
 * The registries the user's own npm and pip settings name, asked of main when the picker shows
 * (`wanted`: a stdio server). They are only suggestions: when main cannot say, the picker still
 * offers Default and Custom.
 */
export function useKnownRegistries(wanted: boolean): KnownRegistry[] {
  return useKnownRegistriesQuery(undefined, { skip: !wanted }).data ?? NONE
}
