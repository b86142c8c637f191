import type { ReactNode } from 'react'
import { DesktopOutlined, MoonOutlined, SunOutlined } from '@ant-design/icons'
import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '@renderer/hooks/useStore'
import { selectThemeMode, setTheme, type ThemeMode } from '@renderer/store/settings'

const icons: Record<ThemeMode, ReactNode> = {
  light: <SunOutlined />,
  dark: <MoonOutlined />,
  system: <DesktopOutlined />
}

/** Light / Dark / System: 'system' keeps following the OS (see useEffectiveTheme). */
export function ThemeSelect() {
  const { t } = useTranslation()
  const dispatch = useAppDispatch()
  const mode = useAppSelector(selectThemeMode)
  const options = (['light', 'dark', 'system'] as const).map((value) => ({
    value,
    icon: icons[value],
    label: t(`settings.themes.${value}`)
  }))
  return (
    <Segmented<ThemeMode>
      data-testid="theme-select"
      aria-label={t('settings.theme')}
      name="theme"
      options={options}
      value={mode}
      onChange={(value) => dispatch(setTheme(value))}
    />
  )
}
