/** A line of download links to the sample files, shown where the lab imports files. */
import { SAMPLE_FILES, sampleUrl } from './sampleFiles';

export function SampleFiles() {
  return (
    <p className="sample-files" data-testid="sample-files">
      Sample files:{' '}
      {SAMPLE_FILES.map((s, i) => (
        <span key={s.file}>
          {i > 0 && ' · '}
          <a href={sampleUrl(s)} download={s.file} title={s.importedBy} data-sample={s.kind}>
            {s.label}
          </a>
        </span>
      ))}
    </p>
  );
}
