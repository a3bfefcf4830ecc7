// First: the session and the opened screen's data are asked for, and the opened screen's code starts
// loading. urql sends a request once the current task ends, so the app's code is a chunk of its own,
// evaluated after this module's task: the requests leave before it, not after it.
import './app/startEarlyRequests';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

void import('./app/renderApp').then(({ renderApp }) => renderApp(container));
