import { bootstrap } from './bootstrap'
import { ServersPage } from './pages/ServersPage'

// the main window (index.html)
bootstrap(<ServersPage />)
