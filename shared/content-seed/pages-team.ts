/** Loupe's gemologists (the /team page, GET /api/team/gemologists): people of Loupe's own invention. */
import type { Gemologist } from "../content/page-schemas";

export const GEMOLOGISTS: readonly Gemologist[] = [
  {
    id: "priya-raman",
    name: "Priya Raman",
    role: "Head gemologist",
    credentials: ["GIA Graduate Gemologist (2011)", "Accredited Jewelry Professional"],
    bio: "Priya graded stones at a New York laboratory for eight years before joining Loupe. She reviews every new retailer's feed and leads the team that answers shoppers' questions.",
    specialties: ["Cut and light performance", "Fancy shapes", "Grading reports"],
    languages: ["English", "Tamil"],
  },
  {
    id: "daniel-whitcombe",
    name: "Daniel Whitcombe",
    role: "Gemologist, settings and metals",
    credentials: ["GIA Graduate Gemologist (2016)", "Bench jeweler, 10 years"],
    bio: "Daniel spent a decade at the bench setting stones and sizing rings. He answers questions about how a setting will hold a stone, which metals wear well and what a repair involves.",
    specialties: ["Settings and prongs", "Platinum and gold alloys", "Repairs and resizing"],
    languages: ["English"],
  },
  {
    id: "lucia-ferreira",
    name: "Lucía Ferreira",
    role: "Gemologist, lab-grown diamonds",
    credentials: ["GIA Graduate Gemologist (2018)", "FGA, Gemmological Association of Great Britain"],
    bio: "Lucía studied diamond growth methods before they reached the engagement ring market. She explains how lab-grown and natural stones differ, and how to read a lab-grown report.",
    specialties: ["Lab-grown diamonds", "Treatments and disclosure", "Colour grading"],
    languages: ["English", "Spanish", "Portuguese"],
  },
  {
    id: "samuel-adeyemi",
    name: "Samuel Adeyemi",
    role: "Gemologist, shopper questions",
    credentials: ["GIA Graduate Gemologist (2020)"],
    bio: "Samuel answers most of the email our team receives. He is happiest comparing two stones a shopper cannot choose between and explaining which differences are visible and which are not.",
    specialties: ["Comparing stones", "Clarity and eye-clean stones", "Budgets"],
    languages: ["English", "Yoruba", "French"],
  },
  {
    id: "hannah-kowalczyk",
    name: "Hannah Kowalczyk",
    role: "Gemologist, care and aftercare",
    credentials: ["GIA Applied Jewelry Professional", "Graduate Pearls Diploma"],
    bio: "Hannah looks after Loupe Care plan questions: what a plan covers, how to make a claim and how to keep a ring looking its best between professional cleanings.",
    specialties: ["Care plans", "Cleaning and inspection", "Pearls and coloured stones"],
    languages: ["English", "Polish"],
  },
];
