import { contextBridge, ipcRenderer } from 'electron'
import { createPreloadApi } from './preloadApi'

// window.api: the shared contract over ipcRenderer; nothing else of Electron reaches the page
contextBridge.exposeInMainWorld('api', createPreloadApi(ipcRenderer))
