// An email's name in the plugin: its subject line, or its title when the subject line is missing
// or empty (an empty one showed a blank row, heading or label).
export const subjectOf = (email: { subject_line?: string; title: string }): string => email.subject_line || email.title;
