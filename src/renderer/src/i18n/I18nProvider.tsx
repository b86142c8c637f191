import { useEffect, useState, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { useAppSelector } from '@renderer/hooks/useStore'
import { selectLanguage } from '@renderer/store/settings'
import { createI18n } from './index'

/**
 * Keeps i18next on the language in the store. Rendered below the PersistGate, so the instance is
 * created with the rehydrated language and the first paint is already in the right one.
 */
export function I18nProvider({ children }: { children: ReactNode }) {
  const language = useAppSelector(selectLanguage)
  const [i18n] = useState(() => createI18n(language))

  useEffect(() => {
    if (i18n.language !== language) void i18n.changeLanguage(language)
  }, [i18n, language])

  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
}
