import { sessionTokenMissing } from './api'
import { bootstrap } from './bootstrap'
import { NoSessionPage } from './pages/NoSessionPage'
import { ServersPage } from './pages/ServersPage'

// the main window (index.html)
bootstrap(sessionTokenMissing() ? <NoSessionPage /> : <ServersPage />)
