import { useEffect, type ReactNode } from 'react'
import { App as AntApp, ConfigProvider, theme } from 'antd'
import enUS from 'antd/locale/en_US'
import zhCN from 'antd/locale/zh_CN'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectLanguage, type Language } from '@renderer/store/settings'
import { useEffectiveTheme } from './useEffectiveTheme'

const antdLocales: Record<Language, typeof enUS> = { 'en-US': enUS, 'zh-CN': zhCN }

/**
 * antd's theme and locale from the settings. The effective theme and the language are also put on
 * <html> (data-theme, lang): CSS and screen readers use them, and E2E tests assert them.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const effective = useEffectiveTheme()
  const language = useAppSelector(selectLanguage)

  useEffect(() => {
    const root = document.documentElement
    root.dataset.theme = effective
    // native scrollbars and form controls follow the theme too
    root.style.colorScheme = effective
  }, [effective])

  useEffect(() => {
    document.documentElement.lang = language
  }, [language])

  return (
    <ConfigProvider
      locale={antdLocales[language]}
      theme={{ algorithm: effective === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm }}
      // antd spaces out two-character Chinese labels ("关 闭"); our labels are written as meant
      button={{ autoInsertSpace: false }}
    >
      {/* antd's App gives message/notification hooks that follow this theme */}
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  )
}
