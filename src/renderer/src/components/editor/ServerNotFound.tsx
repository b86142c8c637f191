import { Button, Result } from 'antd'
import { useTranslation } from 'react-i18next'

/** Shown when the URL names a server that is not in the list (deleted, or an old link). */
export function ServerNotFound({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation()
  return (
    <Result
      status="404"
      title={t('editor.notFound')}
      data-testid="editor-not-found"
      extra={
        <Button type="primary" onClick={onBack} data-testid="editor-back">
          {t('editor.back')}
        </Button>
      }
    />
  )
}
