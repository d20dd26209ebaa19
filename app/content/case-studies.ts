export interface CaseStudy {
  slug: string;
  title: string;
}
export const caseStudies: CaseStudy[] = [];
