import 'i18next'
import type enUS from './locales/en-US'

// t('…') keys are checked against the English file at compile time
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation'
    resources: { translation: typeof enUS }
  }
}
