import { CloudDownloadOutlined } from '@ant-design/icons'
import { Alert, Button, Checkbox, Flex, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ProviderInput } from '@shared/chat/providers'
import { describeError, type AppError } from '@renderer/components/errors/describeError'
import { ErrorText } from '@renderer/components/errors/ErrorText'
import { useListModelsMutation } from '@renderer/store/providersApi'

// a short list is taken whole; a long one (a router's hundreds) waits for the user's ticks
const TICK_ALL_UP_TO = 50

/**
 * Fetch models: asks main for the models the endpoint in the form lists (the form's unsaved URL
 * and key; a masked key is the saved one), and shows them as ticks bound to the Models field.
 */
export function ModelsFetcher({ draft, models, onModelsChange }: { draft: ProviderInput | undefined; models: string[]; onModelsChange: (models: string[]) => void }) {
  const { t } = useTranslation()
  const [listModels, { isLoading }] = useListModelsMutation()
  const [fetched, setFetched] = useState<string[]>()
  const [error, setError] = useState<AppError>()

  const fetchModels = async () => {
    if (!draft) return
    setError(undefined)
    try {
      const found = await listModels({ draft }).unwrap()
      setFetched(found)
      if (models.length === 0 && found.length <= TICK_ALL_UP_TO) onModelsChange(found)
    } catch (failure) {
      setFetched(undefined)
      setError(describeError(failure))
    }
  }

  // ticking changes only the fetched ones; names typed by hand stay
  const tick = (checked: string[]) => {
    const listed = new Set(fetched)
    const typed = models.filter((model) => !listed.has(model))
    onModelsChange([...(fetched ?? []).filter((model) => checked.includes(model)), ...typed])
  }

  return (
    <Flex vertical gap="small" style={{ marginBottom: 16 }}>
      <div>
        <Button
          icon={<CloudDownloadOutlined />}
          loading={isLoading}
          disabled={!draft}
          title={draft ? undefined : t('providers.form.fetchNeedsUrl')}
          onClick={() => void fetchModels()}
          data-testid="provider-fetch-models"
        >
          {t('providers.form.fetch')}
        </Button>
      </div>
      {error && <Alert type="error" showIcon title={t('providers.form.fetchFailed')} description={<ErrorText error={error} />} data-testid="provider-fetch-error" />}
      {fetched && !isLoading && (
        <div data-testid="provider-fetched-models">
          <Typography.Text type="secondary">{fetched.length ? t('providers.form.fetched', { count: fetched.length }) : t('providers.form.fetchedNone')}</Typography.Text>
          {fetched.length > 0 && (
            <Checkbox.Group
              value={models.filter((model) => fetched.includes(model))}
              onChange={tick}
              style={{ display: 'flex', flexDirection: 'column', gap: 4, maxHeight: 200, overflowY: 'auto', marginTop: 8 }}
              options={fetched.map((model) => ({ value: model, label: <span data-testid={`provider-fetched-${model}`}>{model}</span> }))}
            />
          )}
        </div>
      )}
    </Flex>
  )
}
