import type { SignInSettings } from '@shared/mcp/signInSettings'
import { call } from './mainBaseQuery'
import { mainApi } from './mainApi'

/** main's app-wide settings the Settings page edits (besides the runtimes). */
export const settingsApi = mainApi.enhanceEndpoints({ addTagTypes: ['SignInSettings'] }).injectEndpoints({
  endpoints: (build) => ({
    getSignInSettings: build.query<SignInSettings, void>({ query: () => call('app:get-sign-in-settings'), providesTags: ['SignInSettings'] }),
    setSignInSettings: build.mutation<SignInSettings, SignInSettings>({
      query: (settings) => call('app:set-sign-in-settings', settings),
      invalidatesTags: ['SignInSettings']
    })
  })
})

export const { useGetSignInSettingsQuery, useSetSignInSettingsMutation } = settingsApi
