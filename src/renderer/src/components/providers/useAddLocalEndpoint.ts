import { App } from 'antd'
import { useTranslation } from 'react-i18next'
import type { LocalEndpoint } from '@shared/chat/providers'
import { describeError, errorLine } from '@renderer/components/errors/describeError'
import { useListProvidersQuery, useSaveProviderMutation, useSetDefaultModelMutation } from '@renderer/store/providersApi'

/**
 * One click adds a model server found on this computer: saved as a provider with the models it
 * lists, the first one its default, and the app's default too when there is none yet (so a first
 * chat can start at once). Returns the add and the base URL being added, if any.
 */
export function useAddLocalEndpoint(): [(endpoint: LocalEndpoint) => Promise<void>, string | undefined] {
  const { t } = useTranslation()
  const { message } = App.useApp()
  const { data: snapshot } = useListProvidersQuery()
  const [saveProvider, { isLoading, originalArgs }] = useSaveProviderMutation()
  const [setDefaultModel] = useSetDefaultModelMutation()
  const add = async (endpoint: LocalEndpoint) => {
    const model = endpoint.models[0]
    try {
      const saved = await saveProvider({ name: endpoint.name, kind: 'openai-compatible', baseUrl: endpoint.baseUrl, models: endpoint.models, defaultModel: model }).unwrap()
      if (model && !snapshot?.defaultModel) await setDefaultModel({ providerId: saved.id, model }).unwrap()
      void message.success(t('providers.local.addedToast', { name: endpoint.name }))
    } catch (failure) {
      void message.error(t('providers.local.addFailed', { name: endpoint.name, message: errorLine(t, describeError(failure)) }))
    }
  }
  return [add, isLoading ? originalArgs?.baseUrl : undefined]
}
