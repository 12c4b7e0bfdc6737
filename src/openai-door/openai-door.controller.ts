import { All, Controller, Get, Post, Req, Res, UseFilters, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeController, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { GatewayError } from '../common/errors/error-catalog';
import { ApiResponseHeaders, PUBLIC_API_KEY_SCHEME } from '../common/openapi/openapi.decorators';
import type { PublicCallRequest } from '../gateway/call-context';
import { sendJson } from '../gateway/call-door';
import { GatewayService } from '../gateway/gateway.service';
import { ApiKeyGuard } from '../gateway/guards/api-key.guard';
import { CallRateLimitGuard } from '../gateway/guards/call-rate-limit.guard';
import { CHAT_COMPLETIONS } from './chat-completions';
import { EMBEDDINGS } from './embeddings';
import { IMAGE_GENERATIONS } from './images';
import { OpenAiCallGuard, OpenAiModelGuard, ServesOpenAiRoute } from './openai-call';
import { OpenAiCallExceptionFilter } from './openai-errors';
import { OpenAiModels } from './openai-models';
import { ApiOpenAiCall } from './openai-door.openapi';
import { CALL_COST_HEADER, CALL_COST_HEADER_DOC, SPEECH } from './speech';
import { TRANSCRIPTIONS } from './transcriptions';

/**
 * The OpenAI-compatible door, `/api/openai/v1/…`: OpenAI's routes and shapes over the same call
 * pipeline as `/api/public/v1/{slug}` (keys, limits, budgets, upstreams, billing, audit), for the
 * SDKs and tools that take only a base URL and a key. Guards in order: public call (audit, door
 * `openai`), key, model (the body's `model` names the endpoint and price), limits.
 */
@Controller('api/openai/v1')
@UseFilters(OpenAiCallExceptionFilter)
@ApiTags('OpenAI-compatible API')
@ApiBearerAuth(PUBLIC_API_KEY_SCHEME)
export class OpenAiDoorController {
  constructor(
    private readonly gateway: GatewayService,
    private readonly models: OpenAiModels,
  ) {}

  @Get('models')
  @UseGuards(OpenAiCallGuard, ApiKeyGuard)
  @ApiOperation({ summary: 'The models this key may call, with its price per meter (OpenAI list shape)' })
  // Answered from memory and not counted against the key's call limits: no limit headers.
  @ApiResponseHeaders('X-Service-Request-Id')
  listModels(@Req() req: PublicCallRequest, @Res() res: Response): void {
    const body = { object: 'list', data: this.models.list(req.call.caller!) };
    req.call.settle(Promise.resolve());
    sendJson(res, 200, body);
  }

  /** A model id holds a `/` (`text.generate/gpt-4o-mini`): the rest of the path is the id. */
  @Get('models/{*id}')
  @UseGuards(OpenAiCallGuard, ApiKeyGuard)
  @ApiOperation({ summary: 'One model this key may call (OpenAI model shape)' })
  @ApiResponseHeaders('X-Service-Request-Id')
  getModel(@Req() req: PublicCallRequest & { params: { id: string[] } }, @Res() res: Response): void {
    const id = req.params.id.join('/');
    const model = this.models.list(req.call.caller!).find((m) => m.id === id);
    if (!model) throw new GatewayError('model_not_found', `The model "${id}" does not exist.`, { param: 'model' });
    req.call.settle(Promise.resolve());
    sendJson(res, 200, model);
  }

  @Post('chat/completions')
  @ServesOpenAiRoute(CHAT_COMPLETIONS)
  @UseGuards(OpenAiCallGuard, ApiKeyGuard, OpenAiModelGuard, CallRateLimitGuard)
  @ApiOpenAiCall(
    'A chat completion on text.generate',
    'OpenAI’s chat completion with `usage.cost`; with `stream: true`, an SSE stream of `chat.completion.chunk` events ending `data: [DONE]`.',
  )
  chatCompletions(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res, CHAT_COMPLETIONS.door);
  }

  @Post('embeddings')
  @ServesOpenAiRoute(EMBEDDINGS)
  @UseGuards(OpenAiCallGuard, ApiKeyGuard, OpenAiModelGuard, CallRateLimitGuard)
  @ApiOpenAiCall('Embeddings on text.embed', 'OpenAI’s embedding list (float or base64 vectors) with `usage.cost`.')
  embeddings(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res, EMBEDDINGS.door);
  }

  @Post('images/generations')
  @ServesOpenAiRoute(IMAGE_GENERATIONS)
  @UseGuards(OpenAiCallGuard, ApiKeyGuard, OpenAiModelGuard, CallRateLimitGuard)
  @ApiOpenAiCall('Image generation on media.image', 'OpenAI’s ImagesResponse with `usage.cost`.')
  imageGenerations(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res, IMAGE_GENERATIONS.door);
  }

  @Post('audio/speech')
  @ServesOpenAiRoute(SPEECH)
  @UseGuards(OpenAiCallGuard, ApiKeyGuard, OpenAiModelGuard, CallRateLimitGuard)
  @ApiOpenAiCall(`Speech on voice.tts: the audio bytes, typed by response_format; the cost in ${CALL_COST_HEADER}`, {
    description: 'The audio (Content-Type audio/mpeg, audio/opus, audio/aac, audio/flac, audio/wav or audio/pcm).',
    headers: CALL_COST_HEADER_DOC,
  })
  speech(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res, SPEECH.door);
  }

  @Post('audio/transcriptions')
  @ServesOpenAiRoute(TRANSCRIPTIONS)
  @UseGuards(OpenAiCallGuard, ApiKeyGuard, OpenAiModelGuard, CallRateLimitGuard)
  @ApiOpenAiCall(
    `A transcription on voice.stt (json, text or verbose_json; a text answer's cost in ${CALL_COST_HEADER})`,
    { description: 'The transcription (JSON; text/plain for response_format text).', headers: CALL_COST_HEADER_DOC },
    'multipart/form-data',
  )
  transcriptions(@Req() req: PublicCallRequest, @Res() res: Response): Promise<void> {
    return this.gateway.handle(req, res, TRANSCRIPTIONS.door);
  }
}

/** Anything else under /api/openai: OpenAI's 404, still audited as a call of the door. */
@Controller('api/openai')
@UseFilters(OpenAiCallExceptionFilter)
@ApiExcludeController()
export class OpenAiRouteNotFoundController {
  @All('{*path}')
  @UseGuards(OpenAiCallGuard)
  notFound(): never {
    throw new GatewayError('route_not_found');
  }
}
