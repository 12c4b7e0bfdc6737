import { IsBoolean, IsNotEmpty, IsOptional, IsString } from 'class-validator';

/** Body of text.generate (spec: Resources → Request body of text.generate). Other fields pass through. */
export class TextGenerateRequest {
  @IsString()
  @IsNotEmpty()
  input!: string;

  @IsOptional()
  @IsBoolean()
  stream?: boolean;
}
