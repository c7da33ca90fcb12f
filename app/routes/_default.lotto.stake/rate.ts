export const rateText = (rate: number) => rate.toLocaleString('th-TH', { maximumFractionDigits: 2 })
