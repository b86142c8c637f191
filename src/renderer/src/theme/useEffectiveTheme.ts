import { useAppSelector } from '@renderer/hooks/useStore'
import { useSystemDark } from '@renderer/hooks/useSystemDark'
import { selectThemeMode } from '@renderer/store/settings'

export type EffectiveTheme = 'light' | 'dark'

/** The theme actually shown: the user's choice, with 'system' resolved against the OS. */
export function useEffectiveTheme(): EffectiveTheme {
  const mode = useAppSelector(selectThemeMode)
  const systemDark = useSystemDark()
  if (mode === 'system') return systemDark ? 'dark' : 'light'
  return mode
}
