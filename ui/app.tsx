import { useEffect, useState } from 'preact/hooks';
import { sandbox } from './bridge/ui-endpoint';

export function App() {
  const [status, setStatus] = useState('Connecting…');
  useEffect(() => {
    sandbox.request('app/init', {}).then(
      (init) => setStatus(`Connected to ${init.fileName}`),
      (error: Error) => setStatus(error.message),
    );
  }, []);
  return <main>{status}</main>;
}
