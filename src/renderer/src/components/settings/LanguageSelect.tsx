import { Segmented } from 'antd'
import { useTranslation } from 'react-i18next'
import { useAppDispatch, useAppSelector } from '@renderer/hooks/useStore'
import { LANGUAGE_LABELS } from '@renderer/i18n'
import { LANGUAGES, selectLanguage, setLanguage, type Language } from '@renderer/store/settings'

const options = LANGUAGES.map((value) => ({ value, label: LANGUAGE_LABELS[value] }))

/** Both languages visible at once (a radio group): one click, and arrow keys work. */
export function LanguageSelect() {
  const { t } = useTranslation()
  const dispatch = useAppDispatch()
  const language = useAppSelector(selectLanguage)
  return (
    <Segmented<Language>
      data-testid="language-select"
      aria-label={t('settings.language')}
      name="language"
      options={options}
      value={language}
      onChange={(value) => dispatch(setLanguage(value))}
    />
  )
}
