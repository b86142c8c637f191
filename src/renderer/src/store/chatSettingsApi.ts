import type { ChatSettings, ChatSettingsChange } from '@shared/chat/chatSettings'
import { call } from './mainBaseQuery'
import { mainApi } from './mainApi'

/** Settings → Chat and each model's options (Models page), kept by main and read by every turn. */
export const chatSettingsApi = mainApi.enhanceEndpoints({ addTagTypes: ['ChatSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getChatSettings: build.query<ChatSettings, void>({ query: () => call('chat:get-settings'), providesTags: ['ChatSettings'] }),
    changeChatSettings: build.mutation<ChatSettings, ChatSettingsChange>({
      query: (change) => call('chat:change-settings', change),
      // main answers the settings after the change: the cache takes them without asking again
      async onQueryStarted(_change, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }))
        if (data) dispatch(chatSettingsApi.util.upsertQueryData('getChatSettings', undefined, data))
      }
    })
  })
})

export const { useGetChatSettingsQuery, useChangeChatSettingsMutation } = chatSettingsApi
